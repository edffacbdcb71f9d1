import { connect } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { STREAM_NAME, subjectOf } from '@turnbook/contracts';
import { stack } from './stack';

// What reached the event stream (JetStream keeps every event the outbox published): for system tests that
// check that no acknowledged write's event was lost while NATS or the database was down.

const natsUrl = () => stack().infra?.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** The appointment ids of the store's appointment.created events published since `since`. */
export async function appointmentsCreatedSince(storeId: number, since: Date): Promise<Set<number>> {
  const nc = await connect({ servers: natsUrl() });
  try {
    const js = jetstream(nc);
    const consumer = await js.consumers.get(STREAM_NAME, {
      filter_subjects: [subjectOf('appointment', storeId, 'created')],
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
    });
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
