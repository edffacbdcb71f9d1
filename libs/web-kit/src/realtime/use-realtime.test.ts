import { configureApi } from '../api/api-client';
import { useSession } from '../session/session-store';
import { getRealtimeClient } from './use-realtime';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;

describe('realtime and short-lived tokens', () => {
  afterEach(() => jest.useRealTimers());

  it('when the access token is about to expire, then it is renewed a minute before (an idle page keeps its realtime connection)', async () => {
    jest.useFakeTimers();
    const fresh = jwt(Math.floor(Date.now() / 1000) + 600);
    const fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => JSON.stringify({ access_token: fresh }) }) as Response);
    configureApi({ fetch, onSessionExpired: jest.fn() });
    useSession.getState().setSession({ access_token: jwt(Math.floor(Date.now() / 1000) + 120) });
    getRealtimeClient();
    await jest.advanceTimersByTimeAsync(50_000);
    expect(fetch).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(15_000);
    expect(fetch).toHaveBeenCalledWith('/api/auth/refresh', expect.objectContaining({ method: 'POST' }));
    expect(useSession.getState().access_token).toBe(fresh);
  });
});

describe('realtime and a token renewed by a verified phone', () => {
  class FakeSocket {
    static all: FakeSocket[] = [];
    readyState = 0;
    sent: Array<{ type: string; token?: string; channel?: string }> = [];
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
  }
  const real = globalThis.WebSocket;
  beforeEach(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
  });
  afterEach(() => {
    (globalThis as { WebSocket: unknown }).WebSocket = real;
    useSession.getState().clearSession();
  });

  it("when the texted code gives a new token, then the relay connection opens again with it first and asks for the customer's channel again (the old token was refused it)", () => {
    const far = Math.floor(Date.now() / 1000) + 600;
    useSession.getState().setSession({ access_token: jwt(far) });
    const off = getRealtimeClient().subscribe('customer:2155550177:online-request', () => {});
    const first = FakeSocket.all.at(-1)!;
    first.open();
    expect(first.sent.map((m) => m.type)).toEqual(['auth', 'subscribe']);
    const verified = `${jwt(far + 1)}v`;
    useSession.getState().setSession({ access_token: verified });
    const second = FakeSocket.all.at(-1)!;
    expect(second).not.toBe(first);
    expect(first.readyState).toBe(3);
    second.open();
    expect(second.sent).toEqual([{ type: 'auth', token: verified }, { type: 'subscribe', channel: 'customer:2155550177:online-request' }]);
    off();
  });
});
