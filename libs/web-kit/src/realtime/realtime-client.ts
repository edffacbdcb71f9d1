import type { ClientMessage, RealtimeEvent, ServerMessage } from './realtime-messages';

export type Listener = (event: RealtimeEvent) => void;

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
 * reconnects with exponential backoff (with jitter) and re-subscribes every channel after reconnecting.
 */
export class RealtimeClient {
  private ws: WebSocket | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closedByUs = false;
  readonly opts: Required<Omit<RealtimeOptions, 'WebSocketImpl'>> & { WebSocketImpl?: typeof WebSocket };

  constructor(opts: RealtimeOptions) {
    this.opts = { baseDelayMs: 1000, maxDelayMs: 30000, random: Math.random, token: () => null, ...opts };
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
    return () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.listeners.delete(channel);
        this.send({ type: 'unsubscribe', channel });
        if (this.listeners.size === 0) this.close();
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
    ws?.close();
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
      for (const channel of this.listeners.keys()) this.send({ type: 'subscribe', channel });
    };
    ws.onmessage = (e: MessageEvent) => this.dispatch(e.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
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

  private dispatch(raw: unknown): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(String(raw)) as ServerMessage;
    } catch {
      return;
    }
    if (msg.type !== 'event') return;
    for (const l of this.listeners.get(msg.channel) ?? []) {
      try {
        l(msg);
      } catch (e) {
        console.error('realtime listener failed', e);
      }
    }
  }
}
