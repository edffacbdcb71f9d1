import { jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { channelsFor, payloadFor, EVENTS, EventEnvelope, STREAM_NAME, replayFilterOf, type EventData, type EventName, type RealtimeServerMessage } from '@turnbook/contracts';
import type { EventBus, Logger } from '@turnbook/service-kit';

type NatsConnection = EventBus['connection'];

export interface BridgeTarget {
  /** Sends one already-serialised frame to every socket on the channel. */
  deliver(channel: string, frame: string): void;
  /** A store's members changed: sockets that left the store lose its channels. */
  membershipChanged?(snapshot: EventData<'store.membership_changed'>): Promise<void>;
}

/** What a replay gives: the frames of one channel after a position, or that it cannot. */
export type Replay = { frames: string[] } | { resync: true };

export interface EventFeed {
  /** The last stream sequence handed to the sockets: a socket joining now is up to date to it. */
  position(): number;
  /** The channel's events with a sequence in (after, upTo], read again from the stream, oldest first. */
  replay(channel: string, after: number, upTo: number): Promise<Replay>;
  stop(): void;
}

const MEMBERSHIP_CHANGED = 'store.membership_changed' satisfies EventName;
/** More missed events than this on one channel: reading its data again is cheaper than replaying them. */
export const MAX_REPLAY = 1000;
/**
 * Idle heartbeats asked of the feed's pulls: two missed (about 2 s) and the feed starts again from its last
 * sequence. nats.js's own recovery of an ordered consumer after a NATS restart took 30 s or more (chaos run:
 * the sockets got nothing for the last 15 s of bookings after `SIGKILL nats`).
 */
export const FEED_HEARTBEAT_MS = 1000;

/**
 * The relay reads the EVENTS stream itself with an ordered consumer (JetStream redelivers from the last
 * sequence it handed over after a NATS reconnect), starting at the stream's end when the relay starts.
 * Every frame carries the stream sequence, so a browser that reconnects (to this relay or another, or
 * after a relay restart) says where it was and gets what it missed from the stream (`replay`).
 */
export async function bridgeEvents(nc: NatsConnection, target: BridgeTarget, log: Logger): Promise<EventFeed> {
  const js = jetstream(nc);
  const jsm = await jetstreamManager(nc);
  let position = (await jsm.streams.info(STREAM_NAME)).state.last_seq;
  let stopped = false;
  let current: ConsumerMessages | undefined;
  // An event published again by the outbox after JetStream's duplicate window: forward once.
  const recent = new RecentIds(2000);

  const handle = (m: JsMsg) => {
    // A feed started again from `position + 1` may still see the tail of the one it replaced.
    if (m.seq <= position) return;
    position = m.seq;
    const env = parseEnvelope(m, log);
    if (!env || recent.seen(env.id)) return;
    for (const [channel, frame] of framesOf(m, env)) target.deliver(channel, frame);
    if (target.membershipChanged && env.type === MEMBERSHIP_CHANGED) {
      const snapshot = EVENTS[MEMBERSHIP_CHANGED].safeParse(env.data);
      if (snapshot.success) target.membershipChanged(snapshot.data).catch((e) => log.error({ err: String(e) }, 'membership recheck failed'));
    }
  };

  const run = async () => {
    let backoff = 250;
    for (;;) {
      if (stopped) return;
      try {
        const consumer = await js.consumers.get(STREAM_NAME, { opt_start_seq: position + 1 });
        const messages = await consumer.consume({ max_messages: 500, idle_heartbeat: FEED_HEARTBEAT_MS });
        current = messages;
        void restartWhenStalled(messages, log);
        backoff = 250;
        for await (const m of messages) handle(m);
      } catch (err) {
        if (!stopped) log.warn({ err: String(err) }, 'event feed stopped; resuming from the last sequence');
      }
      if (stopped) return;
      await new Promise((r) => setTimeout(r, backoff).unref());
      backoff = Math.min(backoff * 2, 5000);
    }
  };
  void run();
  // After a reconnect the server may have lost the feed's consumer (a NATS restart): start it again now.
  void (async () => {
    for await (const s of nc.status()) {
      if (stopped) return;
      if (s.type === 'reconnect') {
        log.info('NATS reconnected; the event feed resumes from its last sequence');
        void current?.stop();
      }
    }
  })();

  return {
    position: () => position,
    replay: (channel, after, upTo) => replayChannel(nc, channel, after, upTo, log),
    stop: () => {
      stopped = true;
      void current?.stop();
    },
  };
}

/** Ends the feed's message loop when the server stops answering its pulls, so `run` starts it again. */
async function restartWhenStalled(messages: ConsumerMessages, log: Logger): Promise<void> {
  for await (const s of messages.status()) {
    if (s.type === 'heartbeats_missed' || s.type === 'consumer_deleted' || s.type === 'consumer_not_found' || s.type === 'stream_not_found') {
      log.warn({ status: s.type }, 'event feed stalled; resuming from the last sequence');
      void messages.stop();
      return;
    }
  }
}

async function replayChannel(nc: NatsConnection, channel: string, after: number, upTo: number, log: Logger): Promise<Replay> {
  if (after >= upTo) return { frames: [] };
  const filter = replayFilterOf(channel);
  if (!filter) return { resync: true };
  try {
    const state = (await (await jetstreamManager(nc)).streams.info(STREAM_NAME)).state;
    // Events the stream no longer keeps (age limit), or a stream that started over: they cannot be replayed.
    if (after + 1 < state.first_seq || after > state.last_seq) return { resync: true };
    const consumer = await jetstream(nc).consumers.get(STREAM_NAME, { filter_subjects: filter, opt_start_seq: after + 1 });
    const pending = (await consumer.info(true)).num_pending;
    if (pending > MAX_REPLAY) {
      void consumer.delete().catch(() => undefined);
      return { resync: true };
    }
    const frames: string[] = [];
    const ids = new Set<string>();
    if (pending > 0) {
      const messages = await consumer.fetch({ max_messages: pending, expires: 5000 });
      let read = 0;
      let reachedEnd = false;
      for await (const m of messages) {
        read += 1;
        if (m.seq <= upTo) {
          const env = parseEnvelope(m, log);
          if (env && !ids.has(env.id)) {
            ids.add(env.id);
            for (const [c, frame] of framesOf(m, env)) if (c === channel) frames.push(frame);
          }
        }
        if (m.seq >= upTo) {
          reachedEnd = true;
          break;
        }
      }
      // The fetch ended before the channel's last event up to `upTo` (it expired): a partial replay would
      // answer as if complete, so the client reads the channel again instead.
      if (!reachedEnd && read < pending) {
        void consumer.delete().catch(() => undefined);
        return { resync: true };
      }
    }
    void consumer.delete().catch(() => undefined);
    return { frames };
  } catch (err) {
    log.warn({ err: String(err), channel }, 'replay failed; the client reads the channel again');
    return { resync: true };
  }
}

/** The frames an event makes, one per channel it goes to. */
function framesOf(m: JsMsg, env: EventEnvelope): Array<[string, string]> {
  return channelsFor(m.subject, env.data).map((channel) => [
    channel,
    JSON.stringify({ type: 'event', channel, subject: m.subject, seq: m.seq, data: payloadFor(channel, m.subject, env.data) } satisfies RealtimeServerMessage),
  ]);
}

function parseEnvelope(m: JsMsg, log: Logger): EventEnvelope | undefined {
  let json: unknown;
  try {
    json = JSON.parse(m.string());
  } catch {
    json = undefined;
  }
  const parsed = EventEnvelope.safeParse(json);
  if (!parsed.success) log.warn({ subject: m.subject }, 'ignoring a message that is not an event envelope');
  return parsed.success ? parsed.data : undefined;
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
