import { channelsFor, payloadFor, EVENTS, EventEnvelope, STREAM_SUBJECTS, type EventData, type EventName } from '@turnbook/contracts';
import type { EventBus, Logger } from '@turnbook/service-kit';

type NatsConnection = EventBus['connection'];

export interface BridgeTarget {
  /** Sends one already-serialised frame to every socket on the channel. */
  deliver(channel: string, frame: string): void;
  /** A store's members changed: sockets that left the store lose its channels. */
  membershipChanged?(snapshot: EventData<'store.membership_changed'>): Promise<void>;
}

const MEMBERSHIP_CHANGED = 'store.membership_changed' satisfies EventName;

/**
 * A core (non-durable) subscription to every event: browsers refetch on reconnect, so a missed event
 * costs nothing and the relay keeps no state. nats.js re-subscribes by itself after a reconnect.
 */
export function bridgeEvents(nc: NatsConnection, target: BridgeTarget, log: Logger): { stop(): void } {
  // The outbox may publish an event again (JetStream drops the copy, core subscribers do not): forward once.
  const recent = new RecentIds(2000);
  const [allEvents] = STREAM_SUBJECTS;
  const sub = nc.subscribe(allEvents, {
    callback: (err, msg) => {
      if (err) return void log.warn({ err: String(err) }, 'event subscription error');
      const parsed = EventEnvelope.safeParse(safeJson(msg.string()));
      if (!parsed.success) return void log.warn({ subject: msg.subject }, 'ignoring a message that is not an event envelope');
      const env = parsed.data;
      if (recent.seen(env.id)) return;
      for (const channel of channelsFor(msg.subject, env.data)) {
        target.deliver(channel, JSON.stringify({ type: 'event', channel, subject: msg.subject, data: payloadFor(channel, msg.subject, env.data) }));
      }
      if (target.membershipChanged && env.type === MEMBERSHIP_CHANGED) {
        const snapshot = EVENTS[MEMBERSHIP_CHANGED].safeParse(env.data);
        if (snapshot.success) {
          target.membershipChanged(snapshot.data).catch((e) => log.error({ err: String(e) }, 'membership recheck failed'));
        }
      }
    },
  });
  return { stop: () => sub.unsubscribe() };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The last `size` ids, in insertion order. */
class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly size: number) {}

  seen(id: string): boolean {
    if (this.ids.has(id)) return true;
    this.ids.add(id);
    if (this.ids.size > this.size) this.ids.delete(this.ids.values().next().value!);
    return false;
  }
}
