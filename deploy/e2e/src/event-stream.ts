import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import { STREAM_NAME, subjectOf } from '@turnbook/contracts';
import { stack } from './stack';

// What reached the event stream (JetStream keeps every event the outbox published): for system tests that
// check that no acknowledged write's event was lost while NATS or the database was down.

const natsUrl = () => stack().infra?.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** The appointment ids of the store's appointment.created events published since `since`. */
export async function appointmentsCreatedSince(storeId: number, since: Date): Promise<Set<number>> {
  const nc = await connect({ servers: natsUrl() });
  try {
    // An ephemeral consumer with one filter subject (the local nats-server predates ordered consumers' filters).
    const info = await (await jetstreamManager(nc)).consumers.add(STREAM_NAME, {
      filter_subject: subjectOf('appointment', storeId, 'created'),
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
      ack_policy: AckPolicy.None,
      inactive_threshold: nanos(30_000),
    });
    const consumer = await jetstream(nc).consumers.get(STREAM_NAME, info.name);
    const ids = new Set<number>();
    for (;;) {
      const m = await consumer.next({ expires: 2000 });
      if (!m) return ids;
      ids.add((m.json() as { data: { id: number } }).data.id);
    }
  } finally {
    await nc.close();
  }
}
