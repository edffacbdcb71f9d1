import { randomUUID } from 'node:crypto';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import type { Logger } from './logger';
import type { ReadCoalescer } from './read-coalescer';

/**
 * Tells a service's instances that a stamp changed, so a read that may be a little stale (availability:
 * docs/decisions.md) can reuse a stamp read from memory instead of one round trip per request.
 *
 * A writer calls `changed` after its stamp write was acknowledged: the instance notes it at once and
 * publishes the key on core NATS; every instance hears it and from then on refuses reads of that key that
 * started before. So an instance answers from a stamp read that started after the last change it heard of
 * the key, and never older than `maxAgeMs` (what bounds staleness when a change does not come through this
 * feed, e.g. a write made straight to the database). When the feed is not known to work (not connected, its
 * own heartbeat not heard lately, just reconnected: changes may have been missed) `since` gives the strict
 * rule back: a read started after the request arrived.
 */
export interface StampChangeBroadcastOptions {
  /** core NATS subject of this service's stamp changes (not a JetStream subject: nothing is stored) */
  subject: string;
  log?: Logger;
  /** oldest stamp read reused when nothing was heard of its key (ms) */
  maxAgeMs?: number;
  /** how often each instance hears itself through NATS, to know the feed works (ms) */
  heartbeatMs?: number;
}

interface Message {
  /** a changed key, or a heartbeat */
  k?: string;
  hb?: string;
}

/** Longest a write waits for NATS to take its change (a slow NATS must not hold writes up). */
const FLUSH_WAIT_MS = 200;

/** Keys whose last change is remembered at most; past that, changes older than maxAge are dropped. */
const MAX_CHANGED = 50_000;

export class StampChangeBroadcast {
  readonly maxAgeMs: number;
  readonly heartbeatMs: number;
  private readonly id = randomUUID();
  private readonly changedAt = new Map<string, number>();
  /** Before this time (performance.now()) nothing is known: at start and after each reconnection. */
  private knownFrom = performance.now();
  private heardSelfAt = -Infinity;
  private connected = false;
  private sub?: Subscription;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly nc: NatsConnection | undefined, private readonly opts: StampChangeBroadcastOptions) {
    this.maxAgeMs = opts.maxAgeMs ?? 2000;
    this.heartbeatMs = opts.heartbeatMs ?? 500;
  }

  /** Subscribes and starts the heartbeat; without a connection the feed stays unhealthy (strict reads). */
  start(): void {
    if (!this.nc || this.sub) return;
    this.connected = !this.nc.isClosed();
    this.sub = this.nc.subscribe(this.opts.subject, {
      callback: (err, msg) => {
        if (err) return this.reset();
        let m: Message;
        try {
          m = msg.json<Message>();
        } catch {
          return;
        }
        if (m.k !== undefined) this.note(m.k);
        else if (m.hb === this.id) this.heardSelfAt = performance.now();
      },
    });
    void this.watch(this.nc);
    this.timer = setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
    this.beat();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.sub?.unsubscribe();
    this.connected = false;
  }

  /** True while changes are known to arrive: connected, and this instance heard its own heartbeat lately. */
  healthy(now = performance.now()): boolean {
    return this.connected && now - this.heardSelfAt <= 3 * this.heartbeatMs;
  }

  /**
   * Call after a stamp write was acknowledged: this instance and (through NATS) the others stop reusing
   * older reads. Resolves once NATS has the message (at most FLUSH_WAIT_MS), so an answer given after it
   * finds the change already on its way to every instance.
   */
  async changed(key: string): Promise<void> {
    this.note(key);
    if (!this.nc || this.nc.isClosed()) return;
    try {
      this.nc.publish(this.opts.subject, JSON.stringify({ k: key } satisfies Message));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.nc.flush(), new Promise((r) => (timer = setTimeout(r, FLUSH_WAIT_MS)))]).finally(() => clearTimeout(timer));
    } catch (err) {
      // Not sent: the others fall back on maxAge; they will also see the connection drop and read strictly.
      this.opts.log?.warn({ err: String(err) }, 'stamp change not published');
    }
  }

  /**
   * The earliest start of a stamp read that may answer a request for `key` that arrived at `receivedAt`
   * (performance.now()): with a healthy feed, the later of the last change heard, the last reconnection
   * and `maxAgeMs` ago; otherwise the request's arrival (never looser than that).
   */
  since(key: string, receivedAt: number): number {
    const now = performance.now();
    if (!this.healthy(now)) return receivedAt;
    return Math.min(receivedAt, Math.max(this.knownFrom, this.changedAt.get(key) ?? -Infinity, now - this.maxAgeMs));
  }

  /**
   * A stamp through `reads` (its key `key`; `changeKey` as given to `changed`) under this feed's rule; a
   * reused read older than half of maxAge is renewed in the background, so requests seldom wait for one.
   */
  read<K, V>(reads: ReadCoalescer<K, V>, key: K, changeKey: string, receivedAt: number): Promise<V> {
    const since = this.since(changeKey, receivedAt);
    const out = reads.read(key, since);
    if (since < receivedAt) {
      const renewFrom = performance.now() - this.maxAgeMs / 2;
      if (renewFrom > since) reads.read(key, renewFrom).catch(() => undefined);
    }
    return out;
  }

  private note(key: string): void {
    const now = performance.now();
    if (this.changedAt.size >= MAX_CHANGED) {
      for (const [k, at] of this.changedAt) if (now - at > this.maxAgeMs) this.changedAt.delete(k);
    }
    // Still full of recent changes: forget them all and read strictly until maxAge has passed.
    if (this.changedAt.size >= MAX_CHANGED) {
      this.changedAt.clear();
      this.knownFrom = now;
    }
    this.changedAt.set(key, now);
  }

  private reset(): void {
    this.knownFrom = performance.now();
    this.changedAt.clear();
  }

  private beat(): void {
    if (this.stopped || !this.nc || this.nc.isClosed()) return;
    try {
      this.nc.publish(this.opts.subject, JSON.stringify({ hb: this.id } satisfies Message));
    } catch {
      // the connection is going; its status says so
    }
    // Forget changes older than maxAge: `now - maxAge` covers them.
    const now = performance.now();
    for (const [k, at] of this.changedAt) if (now - at > this.maxAgeMs) this.changedAt.delete(k);
  }

  /** While disconnected changes may be missed: unhealthy, and after reconnecting nothing read before is reused. */
  private async watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (this.stopped) return;
      if (s.type === 'disconnect' || s.type === 'close' || s.type === 'staleConnection') {
        this.connected = false;
        this.heardSelfAt = -Infinity;
        this.reset();
      } else if (s.type === 'reconnect') {
        this.connected = true;
        this.reset();
      } else if (s.type === 'slowConsumer') {
        this.reset();
      }
    }
  }
}
