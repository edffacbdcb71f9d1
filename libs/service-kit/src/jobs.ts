import type { NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import type { Logger } from './logger';

/**
 * Jobs that run once per cluster, not once per instance (sweeps, reminders, expiries; docs/decisions.md
 * "one job runner"). Every instance publishes a tick for each time slot of a job, with the Nats-Msg-Id
 * `job:<scope>.<name>:<slot>`: JetStream's duplicate window stores one. A durable consumer shared by the
 * service's instances hands each stored tick to one of them, one at a time (max_ack_pending 1), and the tick
 * is acked once the job has run: an instance that dies mid-run never acks, so after the ack wait the tick
 * goes to another instance. A job must therefore be safe to run again: they are sweeps.
 *
 * The ticks have a stream of their own (JOBS, subjects `job.>`): neither the relays nor any event consumer,
 * which read EVENTS (`evt.>`), ever see them. The stream keeps only the newest tick of a job: a job slower than
 * its period runs again once, not once per tick it missed.
 *
 * Slots run in order: a run stores its slot (`job.<scope>.<name>._done`, newest only), and a tick for a slot
 * no later than that one is acked without running. Instances started across a slot's boundary publish their
 * ticks from different connections, so the stream can store slot 106's tick before a late one of 105.
 */
export const JOBS_STREAM = 'JOBS';
const JOBS_SUBJECTS = ['job.>'];
/** Longer than any instance's lag in publishing a slot's tick, and than the wait before a restart's first one. */
const DUPLICATE_WINDOW_MS = 3600_000;
/** NATS's JSStreamNameExistErr. */
const STREAM_NAME_IN_USE = 10058;

export interface JobRun {
  /** the time slot being run: floor(time / period) */
  slot: number;
}

export interface JobOptions {
  /** how long a run may go without a sign of life before its tick goes to another instance (default 30 s) */
  ackWaitMs?: number;
}

export interface Job {
  stop(): void;
}

/** A job's tick subject and its durable consumer, shared by the instances of one service (one `scope`). */
function namesOf(scope: string, name: string) {
  const token = `${scope}.${name}`.replace(/[^A-Za-z0-9_.-]/g, '_');
  return {
    subject: `job.${token}`,
    durable: `job_${token.replace(/\./g, '_')}`,
    msgId: (slot: number) => `job:${token}:${slot}`,
    /** the last slot run (outside the consumer's filter, which is the tick subject exactly) */
    done: `job.${token}._done`,
  };
}

export class JobRunner {
  private readonly jobs = new Set<RunningJob>();
  private streamReady?: Promise<void>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly scope: string,
    private readonly log: Logger,
    /** Nodes that keep the ticks: the events stream's count (NATS_STREAM_REPLICAS), so a cluster loses no slot. */
    private readonly replicas = 1,
  ) {}

  /** Runs `run` once per `periodMs` slot across all the instances of this scope. */
  async every(name: string, periodMs: number, run: (job: JobRun) => Promise<unknown>, opts: JobOptions = {}): Promise<Job> {
    if (periodMs >= DUPLICATE_WINDOW_MS) throw new Error(`job ${name}: a period of ${periodMs} ms is not shorter than the ticks' duplicate window`);
    await this.ensureStream();
    const job = new RunningJob(this.nc, namesOf(this.scope, name), periodMs, run, opts.ackWaitMs ?? 30_000, this.log.child({ job: name }), () =>
      this.ensureStream(true),
    );
    await job.ensureConsumer();
    this.jobs.add(job);
    job.start();
    return { stop: () => { job.stop(); this.jobs.delete(job); } };
  }

  stopAll(): void {
    for (const job of this.jobs) job.stop();
    this.jobs.clear();
  }

  private ensureStream(again = false): Promise<void> {
    if (!this.streamReady || again) this.streamReady = ensureJobsStream(this.nc, this.replicas);
    return this.streamReady;
  }
}

async function ensureJobsStream(nc: NatsConnection, replicas: number): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    const { config } = await jsm.streams.info(JOBS_STREAM);
    // A stream made by an older version with a shorter window would let a slot's late tick run it again.
    if (config.duplicate_window < nanos(DUPLICATE_WINDOW_MS)) await jsm.streams.update(JOBS_STREAM, { duplicate_window: nanos(DUPLICATE_WINDOW_MS) });
    // scaled up like the events stream, never down
    if ((config.num_replicas ?? 1) < replicas) await jsm.streams.update(JOBS_STREAM, { num_replicas: replicas });
  } catch (err) {
    if (!(err instanceof JetStreamApiError) || err.code !== JetStreamApiCodes.StreamNotFound) throw err;
    await jsm.streams
      .add({
        name: JOBS_STREAM,
        subjects: JOBS_SUBJECTS,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        max_msgs_per_subject: 1,
        discard: DiscardPolicy.Old,
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        max_age: nanos(24 * 3600_000),
        num_replicas: replicas,
      })
      .catch((addErr) => {
        // Another instance created it at the same moment.
        if (!(addErr instanceof JetStreamApiError) || addErr.code !== STREAM_NAME_IN_USE) throw addErr;
      });
  }
}

class RunningJob {
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private messages?: ConsumerMessages;

  constructor(
    private readonly nc: NatsConnection,
    private readonly names: ReturnType<typeof namesOf>,
    private readonly periodMs: number,
    private readonly run: (job: JobRun) => Promise<unknown>,
    private readonly ackWaitMs: number,
    private readonly log: Logger,
    private readonly restoreStream: () => Promise<void>,
  ) {}

  async ensureConsumer(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    const config = {
      durable_name: this.names.durable,
      filter_subject: this.names.subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(this.ackWaitMs),
      // one run at a time in the whole cluster, as each instance's own loop did
      max_ack_pending: 1,
      max_deliver: -1,
    };
    try {
      await jsm.consumers.info(JOBS_STREAM, this.names.durable);
    } catch (err) {
      if (!(err instanceof JetStreamApiError)) throw err;
      if (err.code === JetStreamApiCodes.StreamNotFound) await this.restoreStream();
      else if (err.code !== JetStreamApiCodes.ConsumerNotFound) throw err;
      // Two instances adding the same durable with the same config both succeed.
      await jsm.consumers.add(JOBS_STREAM, config);
    }
  }

  start(): void {
    // The slot the instance starts in is ticked too: if the others ticked it already, the tick is a duplicate.
    this.tick();
    void this.keepConsuming();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    void this.messages?.stop();
  }

  /** Publishes this slot's tick, then waits for the next slot's start (on the clock, so instances agree). */
  private tick(): void {
    if (this.stopped) return;
    const slot = Math.floor(Date.now() / this.periodMs);
    jetstream(this.nc)
      .publish(this.names.subject, JSON.stringify({ slot }), { msgID: this.names.msgId(slot), timeout: 2000 })
      .catch(async (err) => {
        this.log.warn({ err: String(err) }, 'job tick not published; the next slot will be');
        if ((err as Error)?.name === 'JetStreamNotEnabled') await this.restoreStream().catch(() => undefined);
      });
    this.timer = setTimeout(() => this.tick(), (slot + 1) * this.periodMs - Date.now() + 1);
    this.timer.unref();
  }

  private async keepConsuming(): Promise<void> {
    let backoff = 250;
    while (!this.stopped) {
      try {
        const consumer = await jetstream(this.nc).consumers.get(JOBS_STREAM, this.names.durable);
        const messages = await consumer.consume({ max_messages: 1, idle_heartbeat: 5000 });
        this.messages = messages;
        if (this.stopped) void messages.stop();
        void this.watchStatus(messages);
        backoff = 250;
        for await (const m of messages) await this.runTick(m);
      } catch (err) {
        if (this.stopped) return;
        this.log.warn({ err: String(err) }, 'job consumer stopped; recovering');
      }
      if (this.stopped) return;
      await new Promise((r) => setTimeout(r, backoff).unref());
      backoff = Math.min(backoff * 2, 5000);
      await this.ensureConsumer().catch((err) => this.log.warn({ err: String(err) }, 'job consumer not restored yet'));
    }
  }

  private async watchStatus(messages: ConsumerMessages): Promise<void> {
    for await (const s of messages.status()) {
      if (s.type === 'consumer_deleted' || s.type === 'consumer_not_found' || s.type === 'stream_not_found' || (s.type === 'heartbeats_missed' && s.count >= 3)) {
        messages.stop();
        return;
      }
    }
  }

  /** The last slot run in the cluster; -Infinity when none was, or it cannot be read (a sweep may run again). */
  private async lastSlotRun(): Promise<number> {
    try {
      const jsm = await jetstreamManager(this.nc, { checkAPI: false });
      const last = await jsm.streams.getMessage(JOBS_STREAM, { last_by_subj: this.names.done });
      return last ? (last.json<{ slot: number }>().slot ?? -Infinity) : -Infinity;
    } catch (err) {
      this.log.warn({ err: String(err) }, 'last slot run not read; running the tick');
      return -Infinity;
    }
  }

  /**
   * Runs the job for a tick, telling JetStream it is alive meanwhile; a failed run waits for the next slot. A
   * tick for a slot no later than the last one run is acked unrun. Ticks reach one instance at a time
   * (max_ack_pending 1), so reading and storing the last slot need no lock.
   */
  private async runTick(m: JsMsg): Promise<void> {
    const alive = setInterval(() => {
      try {
        m.working();
      } catch {
        // the connection is gone: the tick goes to another instance after the ack wait
      }
    }, Math.max(100, this.ackWaitMs / 3));
    alive.unref();
    try {
      const { slot } = JSON.parse(m.string()) as { slot: number };
      if (slot > (await this.lastSlotRun())) {
        await this.run({ slot });
        await jetstream(this.nc)
          .publish(this.names.done, JSON.stringify({ slot }), { timeout: 2000 })
          .catch((err) => this.log.warn({ err: String(err) }, 'slot run but not stored; a late tick of it may run again'));
      }
    } catch (err) {
      this.log.warn({ err: String(err) }, 'job run failed; the next slot runs it again');
    } finally {
      clearInterval(alive);
    }
    try {
      m.ack();
    } catch (err) {
      this.log.warn({ err: String(err) }, 'job tick not acked; another instance runs it again');
    }
  }
}
