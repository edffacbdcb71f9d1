import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { EVENTS, STREAM_NAME, subjectFilterOf } from '@turnbook/contracts';
import type { EventBus } from './events';
import type { Logger } from './logger';

/** Revocations older than this cannot matter: identity refuses access-token lifetimes above it. */
export const REVOCATION_MEMORY_MS = 24 * 3600_000;

/** When tokens of a subject or a session stop being accepted, as verifyToken asks. */
export interface RevokedSessions {
  /** The latest revocation time (ms) of this token subject or session id, if any. */
  revokedAt(sub: string, sid?: string): number | undefined;
}

/**
 * Every instance's own copy of recent `user.sessions_revoked` events, held in memory. Each instance reads
 * the stream with an ordered (ephemeral, non-durable) consumer of its own, so every instance sees every
 * revocation: a durable consumer would share the events out among a service's instances. It starts from
 * the last REVOCATION_MEMORY_MS (tokens older than that have expired anyway), and `start` waits until the
 * backlog is read, so a restarted instance never accepts a token revoked while it was down.
 */
export class SessionRevocations implements RevokedSessions {
  private readonly bySub = new Map<string, number>();
  private readonly bySid = new Map<string, number>();
  private messages?: ConsumerMessages;
  private stopped = false;

  constructor(private readonly log?: Logger) {}

  revokedAt(sub: string, sid?: string): number | undefined {
    const a = this.bySub.get(sub);
    const b = sid ? this.bySid.get(sid) : undefined;
    if (a === undefined) return b;
    return b === undefined ? a : Math.max(a, b);
  }

  /** Records a revocation at once (identity, on its own writes, before the event comes back). */
  note(r: { sub?: string; sid?: string; at: number }): void {
    const put = (m: Map<string, number>, k: string | undefined) => k && m.set(k, Math.max(m.get(k) ?? 0, r.at));
    put(this.bySub, r.sub);
    put(this.bySid, r.sid);
    this.prune();
  }

  async start(bus: EventBus): Promise<void> {
    const js = jetstream(bus.connection);
    const consumer = await js.consumers.get(STREAM_NAME, {
      filter_subjects: subjectFilterOf('user.sessions_revoked'),
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(Date.now() - REVOCATION_MEMORY_MS).toISOString(),
    });
    const backlog = (await consumer.info()).num_pending;
    let caughtUp!: () => void;
    const ready = new Promise<void>((resolve) => (caughtUp = resolve));
    if (backlog === 0) caughtUp();
    this.messages = await consumer.consume();
    void (async () => {
      for await (const m of this.messages!) {
        try {
          const data = EVENTS['user.sessions_revoked'].safeParse(JSON.parse(m.string()).data);
          if (data.success) this.note(data.data);
        } catch (err) {
          this.log?.warn({ err: String(err) }, 'unreadable sessions_revoked event');
        }
        if (m.info.pending === 0) caughtUp();
      }
      if (!this.stopped) this.log?.warn('sessions_revoked reader ended');
    })();
    await ready;
  }

  stop(): void {
    this.stopped = true;
    this.messages?.stop();
  }

  private prune() {
    const before = Date.now() - REVOCATION_MEMORY_MS;
    for (const m of [this.bySub, this.bySid]) for (const [k, at] of m) if (at < before) m.delete(k);
  }
}
