import type { NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { STREAM_NAME } from '@turnbook/contracts';

/** How many messages the event stream holds on one subject (JetStream's own count, not a consumer's). */
export async function storedCopies(nc: NatsConnection, subject: string): Promise<number> {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(STREAM_NAME, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
}

/**
 * Waits until a durable consumer has acknowledged everything its filter matches: after this, a second
 * (wrong) handling of an event would already have happened, so a test needs no fixed sleep.
 */
export async function waitUntilConsumed(nc: NatsConnection, durable: string, timeoutMs = 15_000): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const info = await jsm.consumers.info(STREAM_NAME, durable).catch(() => undefined);
    if (info && info.num_pending === 0 && info.num_ack_pending === 0) return;
    if (Date.now() > until) throw new Error(`consumer ${durable} still has ${info?.num_pending} pending, ${info?.num_ack_pending} unacknowledged`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
