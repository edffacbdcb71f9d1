import type { ClientMessage, RealtimeMessage, ServerMessage } from './realtime-messages';

export type Listener = (message: RealtimeMessage) => void;

/** idle: no channel wanted; connected: the socket is open; disconnected: channels wanted, no socket. */
export type RealtimeStatus = 'idle' | 'connected' | 'disconnected';

export interface RealtimeOptions {
  /** The relay's ws(s):// URL. */
  url: () => string;
  /** The access token, read at each (re)connect and sent as the first message (never in the URL). */
  token?: () => string | null;
  WebSocketImpl?: typeof WebSocket;
  /** First retry delay; doubles each failure up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/**
 * One WebSocket to the relay shared by every channel of the page. Connects on the first subscription,
 * reconnects with exponential backoff (with jitter, at most 4 s apart) and re-subscribes every channel
 * after reconnecting, each with the last stream position it had (`after`): the relay replays what the
 * channel missed, or answers `resync` and the channel's listeners get a resync message (read it all again).
 * docs/realtime.md.
 */
export class RealtimeClient {
  private ws: WebSocket | null = null;
  private listeners = new Map<string, Set<Listener>>();
  /** The last stream sequence each channel is up to date to (from `subscribed` and events). */
  private positions = new Map<string, number>();
  /** Channels that were wanted while no socket carried them and have no position to resume from. */
  private stale = new Set<string>();
  private statusListeners = new Set<(s: RealtimeStatus) => void>();
  private lastStatus: RealtimeStatus = 'idle';
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closedByUs = false;
  readonly opts: Required<Omit<RealtimeOptions, 'WebSocketImpl'>> & { WebSocketImpl?: typeof WebSocket };

  constructor(opts: RealtimeOptions) {
    this.opts = { baseDelayMs: 1000, maxDelayMs: 4000, random: Math.random, token: () => null, ...opts };
  }

  get status(): RealtimeStatus {
    if (this.listeners.size === 0) return 'idle';
    return this.ws?.readyState === 1 ? 'connected' : 'disconnected';
  }

  /** Calls `fn` whenever `status` changes; returns the unsubscribe. */
  onStatus(fn: (s: RealtimeStatus) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /** Tries at once instead of waiting out the backoff (the browser says the network is back). */
  retryNow(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.attempt = 0;
    this.ensureConnected();
  }

  subscribe(channel: string, listener: Listener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      this.send({ type: 'subscribe', channel });
    }
    set.add(listener);
    this.ensureConnected();
    this.emitStatus();
    return () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.listeners.delete(channel);
        this.positions.delete(channel);
        this.stale.delete(channel);
        this.send({ type: 'unsubscribe', channel });
        if (this.listeners.size === 0) this.close();
        this.emitStatus();
      }
    };
  }

  /** Drop the connection and open a new one (the token changed). */
  reconnect(): void {
    this.close();
    if (this.listeners.size > 0) this.ensureConnected();
  }

  close(): void {
    this.closedByUs = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    this.markStale();
    ws?.close();
    this.emitStatus();
  }

  /** Delay before retry number `attempt` (0-based): base * 2^attempt, capped, with ±20 % jitter. */
  backoffDelay(attempt: number): number {
    const raw = Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** attempt);
    return Math.round(raw * (0.8 + 0.4 * this.opts.random()));
  }

  private ensureConnected(): void {
    if (this.ws || this.timer) return;
    const Impl = this.opts.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
    if (!Impl) return;
    this.closedByUs = false;
    let ws: WebSocket;
    try {
      ws = new Impl(this.opts.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      // The relay takes the token only as the first message; it handles messages in order, so the
      // subscriptions that follow are checked as the signed-in user.
      const token = this.opts.token();
      if (token) this.send({ type: 'auth', token });
      for (const channel of this.listeners.keys()) {
        const after = this.positions.get(channel);
        this.send(after === undefined ? { type: 'subscribe', channel } : { type: 'subscribe', channel, after });
      }
      this.emitStatus();
    };
    ws.onmessage = (e: MessageEvent) => this.dispatch(e.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.markStale();
      this.emitStatus();
      if (!this.closedByUs && this.listeners.size > 0) this.scheduleReconnect();
    };
    ws.onerror = () => {
      /* onclose follows and schedules the retry */
    };
  }

  private scheduleReconnect(): void {
    const delay = this.backoffDelay(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.ensureConnected();
    }, delay);
  }

  private send(msg: ClientMessage): void {
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(msg));
  }

  /** The socket went away: a channel with no position to resume from must read its data again once back. */
  private markStale(): void {
    for (const channel of this.listeners.keys()) if (!this.positions.has(channel)) this.stale.add(channel);
  }

  private emitStatus(): void {
    const now = this.status;
    if (now === this.lastStatus) return;
    this.lastStatus = now;
    for (const fn of this.statusListeners) fn(now);
  }

  private dispatch(raw: unknown): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(String(raw)) as ServerMessage;
    } catch {
      return;
    }
    if (msg.type === 'subscribed') return this.joined(msg);
    if (msg.type !== 'event') return;
    const known = this.positions.get(msg.channel);
    if (typeof msg.seq === 'number') {
      // Frames come in stream order; one at or before the position is a copy (a replay and a live event).
      if (known !== undefined && msg.seq <= known) return;
      this.positions.set(msg.channel, msg.seq);
    }
    this.notify(msg.channel, msg);
  }

  private joined(msg: Extract<ServerMessage, { type: 'subscribed' }>): void {
    if (!this.listeners.has(msg.channel)) return;
    if (typeof msg.seq === 'number') this.positions.set(msg.channel, Math.max(msg.seq, this.positions.get(msg.channel) ?? 0));
    const missed = msg.resync === true || this.stale.has(msg.channel);
    this.stale.delete(msg.channel);
    if (missed) this.notify(msg.channel, { type: 'resync', channel: msg.channel });
  }

  private notify(channel: string, message: RealtimeMessage): void {
    for (const l of this.listeners.get(channel) ?? []) {
      try {
        l(message);
      } catch (e) {
        console.error('realtime listener failed', e);
      }
    }
  }
}
