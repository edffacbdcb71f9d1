// The chaos script's realtime clients: each holds a socket on /realtime subscribed to a store's appointment
// channel, as a front desk's calendar does, reconnects whenever it drops (backoff 250 ms to 2 s) and
// records every appointment.created it receives. What a socket missed is what it never received, even
// after it reconnected.
//
// Catch-up speaks the relay's protocol (libs/contracts realtime.ts), as the web client does: the last `seq`
// seen on the channel is remembered, a resubscription says where the client was (`after`) and the relay
// replays what came since; when it cannot (`resync: true`), the client reads the channel's data again
// (`reread`, as a calendar re-reads its days). What a socket missed is what neither brought.
import { WebSocket } from 'ws';

export class ChannelSocket {
  /**
   * @param {{ url: string, token: string, channel: string, name: string, reread: () => Promise<number[]> }} options
   */
  constructor({ url, token, channel, name, reread }) {
    Object.assign(this, { url, token, channel, name, reread });
    this.resyncs = 0;
    this.replayed = 0;
    /** appointment ids whose created event arrived */
    this.created = new Set();
    this.connects = 0;
    /** the last sequence the relay gave on this channel (catch-up), when it gives one */
    this.lastSeq = undefined;
    this.closed = false;
    this.connected = false;
  }

  start() {
    this.open(250);
    return this;
  }

  open(backoffMs) {
    if (this.closed) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    const retry = () => {
      if (this.ws !== ws || this.closed) return;
      this.connected = false;
      setTimeout(() => this.open(Math.min(backoffMs * 2, 2000)), backoffMs);
    };
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'auth', token: this.token }));
      ws.send(JSON.stringify(this.subscribeMessage()));
    });
    ws.on('message', (raw) => this.onFrame(JSON.parse(String(raw)), () => {
      this.connected = true;
      this.connects += 1;
      backoffMs = 250;
    }));
    ws.on('close', retry);
    ws.on('error', () => ws.terminate());
  }

  /** What (re)joins the channel: where this client is in its stream, when the relay has said so. */
  subscribeMessage() {
    return { type: 'subscribe', channel: this.channel, ...(this.lastSeq !== undefined && { after: this.lastSeq }) };
  }

  onFrame(frame, onSubscribed) {
    if (frame.type === 'subscribed' && frame.channel === this.channel) {
      onSubscribed();
      this.replayed += frame.replayed ?? 0;
      if (frame.resync) this.resync();
    }
    if (frame.channel !== this.channel) return;
    if (typeof frame.seq === 'number') this.lastSeq = frame.seq;
    if (frame.type === 'event' && /\.created$/.test(frame.subject ?? '') && typeof frame.data?.id === 'number') this.created.add(frame.data.id);
  }

  /** The relay could not replay: read the data again, retrying until it answers (a calendar's refetch). */
  async resync() {
    this.resyncs += 1;
    for (let attempt = 0; !this.closed && attempt < 20; attempt++) {
      try {
        for (const id of await this.reread()) this.created.add(id);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /** The ids in `ids` this socket never received. */
  missed(ids) {
    return ids.filter((id) => !this.created.has(id));
  }

  close() {
    this.closed = true;
    this.ws?.terminate();
  }
}
