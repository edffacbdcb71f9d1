import { RealtimeClient } from './realtime-client';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(JSON.parse(s));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

describe('realtime client', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  const make = (token: string | null = null) =>
    new RealtimeClient({ url: () => 'ws://x/realtime', token: () => token, WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 0.5 });

  it('when a channel is subscribed, then the socket opens and sends {type:subscribe, channel}', () => {
    const c = make();
    c.subscribe('version', () => {});
    FakeSocket.all[0].open();
    expect(FakeSocket.all[0].url).toBe('ws://x/realtime');
    expect(FakeSocket.all[0].sent).toEqual([{ type: 'subscribe', channel: 'version' }]);
  });

  it('when an event arrives, then only that channel\u2019s listeners get it', () => {
    const c = make();
    const a = jest.fn();
    const b = jest.fn();
    c.subscribe('store:2:sheet', a);
    c.subscribe('version', b);
    FakeSocket.all[0].open();
    FakeSocket.all[0].onmessage?.({ data: JSON.stringify({ type: 'event', channel: 'store:2:sheet', subject: 'evt.sheet.2.created', data: { id: 1 } }) });
    expect(a).toHaveBeenCalledWith(expect.objectContaining({ subject: 'evt.sheet.2.created', data: { id: 1 } }));
    expect(b).not.toHaveBeenCalled();
  });

  it('when the connection drops, then it retries with growing delays and resubscribes', () => {
    const c = make();
    c.subscribe('version', () => {});
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    expect(FakeSocket.all).toHaveLength(1);
    jest.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].drop();
    jest.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    jest.advanceTimersByTime(1);
    FakeSocket.all[2].open();
    expect(FakeSocket.all[2].sent).toEqual([{ type: 'subscribe', channel: 'version' }]);
    expect(c.backoffDelay(10)).toBe(4000);
  });

  it('when signed in, then the token goes as the first message on every connection, never in the URL', () => {
    let token: string | null = 'token-1';
    const c = new RealtimeClient({ url: () => 'ws://x/realtime', token: () => token, WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 0.5 });
    c.subscribe('store:2:sheet', () => {});
    FakeSocket.all[0].open();
    expect(FakeSocket.all[0].url).toBe('ws://x/realtime');
    expect(FakeSocket.all[0].sent).toEqual([{ type: 'auth', token: 'token-1' }, { type: 'subscribe', channel: 'store:2:sheet' }]);
    token = 'token-2';
    c.reconnect();
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].url).not.toContain('token');
    expect(FakeSocket.all[1].sent[0]).toEqual({ type: 'auth', token: 'token-2' });
  });

  it('when the last listener leaves, then it unsubscribes and closes', () => {
    const c = make();
    const off = c.subscribe('version', () => {});
    FakeSocket.all[0].open();
    off();
    expect(FakeSocket.all[0].sent).toContainEqual({ type: 'unsubscribe', channel: 'version' });
    expect(FakeSocket.all[0].readyState).toBe(3);
  });

  const receive = (socket: FakeSocket, msg: unknown) => socket.onmessage?.({ data: JSON.stringify(msg) });
  const event = (seq: number, id = seq) => ({ type: 'event', channel: 'store:2:appointment', subject: 'evt.appointment.2.created', seq, data: { id } });

  it('when the socket comes back, then each channel resubscribes with the last seq it had, and a copy of an event it had is dropped', () => {
    const c = make();
    const got = jest.fn();
    c.subscribe('store:2:appointment', got);
    FakeSocket.all[0].open();
    receive(FakeSocket.all[0], { type: 'subscribed', channel: 'store:2:appointment', seq: 10 });
    receive(FakeSocket.all[0], event(12));
    FakeSocket.all[0].drop();
    jest.advanceTimersByTime(1000);
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent).toEqual([{ type: 'subscribe', channel: 'store:2:appointment', after: 12 }]);
    receive(FakeSocket.all[1], event(12));
    receive(FakeSocket.all[1], event(15));
    receive(FakeSocket.all[1], { type: 'subscribed', channel: 'store:2:appointment', seq: 15, replayed: 1 });
    expect(got.mock.calls.map(([m]) => m.seq)).toEqual([12, 15]);
  });

  it('when the relay cannot replay, or the channel had no position yet, then its listeners get a resync', () => {
    const c = make();
    const a = jest.fn();
    const b = jest.fn();
    c.subscribe('store:2:appointment', a);
    c.subscribe('store:2:sheet', b);
    FakeSocket.all[0].open();
    receive(FakeSocket.all[0], { type: 'subscribed', channel: 'store:2:appointment', seq: 10 });
    // store:2:sheet's answer never came before the drop.
    FakeSocket.all[0].drop();
    jest.advanceTimersByTime(1000);
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent).toEqual([{ type: 'subscribe', channel: 'store:2:appointment', after: 10 }, { type: 'subscribe', channel: 'store:2:sheet' }]);
    receive(FakeSocket.all[1], { type: 'subscribed', channel: 'store:2:appointment', seq: 2000, resync: true });
    receive(FakeSocket.all[1], { type: 'subscribed', channel: 'store:2:sheet', seq: 2000 });
    expect(a).toHaveBeenCalledWith({ type: 'resync', channel: 'store:2:appointment' });
    expect(b).toHaveBeenCalledWith({ type: 'resync', channel: 'store:2:sheet' });
  });

  it('when the socket drops, then the status is disconnected until it is open again; retryNow skips the wait', () => {
    const c = make();
    const statuses: string[] = [];
    c.onStatus((s) => statuses.push(s));
    c.subscribe('version', () => {});
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop();
    expect(c.status).toBe('disconnected');
    c.retryNow();
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    expect(statuses).toEqual(['disconnected', 'connected', 'disconnected', 'connected']);
  });
});
