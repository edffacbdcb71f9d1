import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import { STREAM_NAME, subjectOf } from '@turnbook/contracts';
import { stack } from './stack';

// What reached the event stream (JetStream keeps every event the outbox published): for system tests that
// check that no acknowledged write's event was lost while NATS or the database was down.

/** Every node of a cluster (NATS_URL lists them comma-separated). */
const natsServers = () => (stack().infra?.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',');

/**
 * The NATS process whose loss disturbs the stack most: the single server (`nats`), or on a cluster the node
 * leading the events stream now (`nats-2`, say), as its monitor's /jsz and /varz say.
 */
export async function natsToKill(): Promise<string> {
  const nodes = stack().infra?.natsNodes ?? [];
  if (nodes.length < 2) return 'nats';
  const json = async (url: string): Promise<any> => (await fetch(url, { signal: AbortSignal.timeout(5000) })).json();
  for (const node of nodes) {
    const jsz = await json(`${node.monitorUrl}/jsz?streams=true`).catch(() => undefined);
    const leader = jsz?.account_details?.flatMap((a: any) => a.stream_detail ?? []).find((s: any) => s.name === STREAM_NAME)?.cluster?.leader;
    if (!leader) continue;
    for (const candidate of nodes) {
      if ((await json(`${candidate.monitorUrl}/varz`).catch(() => undefined))?.server_name === leader) return candidate.name;
    }
  }
  throw new Error(`no node of ${nodes.map((n) => n.name).join(', ')} says which leads the ${STREAM_NAME} stream`);
}

/**
 * Where the stream is now: its last sequence. A position, not a time: NATS keeps the real clock when a run
 * moves every Node process's clock (`npm test -- --clock`), so a start time from a test means nothing to it.
 */
export async function streamPosition(): Promise<number> {
  const nc = await connect({ servers: natsServers() });
  try {
    return (await (await jetstreamManager(nc)).streams.info(STREAM_NAME)).state.last_seq;
  } finally {
    await nc.close();
  }
}

/** The appointment ids of the store's appointment.created events published after stream sequence `after`. */
export async function appointmentsCreatedSince(storeId: number, after: number): Promise<Set<number>> {
  const nc = await connect({ servers: natsServers() });
  try {
    // An ephemeral consumer with one filter subject (the local nats-server predates ordered consumers' filters).
    const info = await (await jetstreamManager(nc)).consumers.add(STREAM_NAME, {
      filter_subject: subjectOf('appointment', storeId, 'created'),
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: after + 1,
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
