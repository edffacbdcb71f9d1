import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { EventBus } from '../src/events';
import { JOBS_STREAM } from '../src/jobs';
import { startWorld, uniqueSuffix, waitFor } from './harness';

// Three buses with one durable suffix are three instances of one service: a job runs once per slot in all.

describe('jobs run once per cluster', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;

  beforeAll(async () => {
    world = await startWorld('jobs');
  }, 30_000);
  afterAll(async () => world?.stop());

  const instances = async (n: number) => {
    const suffix = uniqueSuffix();
    return Promise.all(Array.from({ length: n }, () => world.newBus({ durableSuffix: suffix, sweepMs: 3_600_000 })));
  };

  it('when three instances run the same job, then each slot runs once in all', async () => {
    const buses = await instances(3);
    const runs: Array<{ slot: number; instance: number }> = [];
    await Promise.all(buses.map((bus, instance) => bus.every('sweep', 300, async ({ slot }) => void runs.push({ slot, instance }))));
    await waitFor(() => runs.length >= 10);
    await new Promise((r) => setTimeout(r, 600));

    const slots = runs.map((r) => r.slot);
    const duplicates = slots.length - new Set(slots).size;
    console.log(`jobs: instances 3, slots run ${new Set(slots).size}, runs ${runs.length}, duplicates ${duplicates}, runs per instance ${[0, 1, 2].map((i) => runs.filter((r) => r.instance === i).length).join('/')}`);
    expect(duplicates).toBe(0);
    // A slot is never run before the one ahead of it.
    expect(slots).toEqual([...slots].sort((a, b) => a - b));
  }, 30_000);

  it('when a late tick for an earlier slot arrives after a later slot ran, then it is acked without running', async () => {
    const suffix = uniqueSuffix();
    const bus = await world.newBus({ durableSuffix: suffix, sweepMs: 3_600_000 });
    const period = 600_000;
    const runs: number[] = [];
    await bus.every('late', period, async ({ slot }) => void runs.push(slot));
    await waitFor(() => runs.length === 1);
    const now = runs[0];
    // what an instance started just before the slot's boundary publishes after the others' tick of `now` ran
    const subject = `job.test${suffix}.late`;
    const js = jetstream(bus.connection);
    const jsm = await jetstreamManager(bus.connection);
    const late = await js.publish(subject, JSON.stringify({ slot: now - 1 }), { msgID: `job:test${suffix}.late:${now - 1}` });
    await waitFor(async () => (await jsm.consumers.info(JOBS_STREAM, `job_test${suffix}_late`)).ack_floor.stream_seq >= late.seq);
    expect(runs).toEqual([now]);
    await js.publish(subject, JSON.stringify({ slot: now + 1 }), { msgID: `job:test${suffix}.late:${now + 1}` });
    await waitFor(() => runs.length === 2);
    expect(runs).toEqual([now, now + 1]);
  }, 30_000);

  it('when the instance running a slot dies mid-run, then another instance runs the job (that slot, or the next one if it began meanwhile)', async () => {
    const buses = await instances(3);
    const started: Array<{ slot: number; bus: EventBus }> = [];
    const finished: Array<{ slot: number; bus: EventBus }> = [];
    let dying: EventBus | undefined;
    await Promise.all(
      buses.map((bus) =>
        bus.every(
          'expire',
          4000,
          async ({ slot }) => {
            started.push({ slot, bus });
            if (!dying) {
              // The first run's process dies here: it never finishes, never acks.
              dying = bus;
              await bus.connection.close();
              await new Promise(() => undefined);
            }
            finished.push({ slot, bus });
          },
          { ackWaitMs: 1000 },
        ),
      ),
    );
    await waitFor(() => finished.length >= 1, 20_000);

    // Redelivered after the ack wait to another instance; on a loaded machine the next slot's tick may have
    // replaced it first (the stream keeps the newest tick per job), and that run stands for both.
    const [first] = started;
    expect(finished[0].bus).not.toBe(dying);
    expect([first.slot, first.slot + 1]).toContain(finished[0].slot);
    if (finished[0].slot === first.slot) expect(started.filter((s) => s.slot === first.slot)).toHaveLength(2);
  }, 30_000);
});
