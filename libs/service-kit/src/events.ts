import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  JetStreamApiCodes,
  JetStreamApiError,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import {
  CONSUMERS,
  EventEnvelope,
  EVENTS,
  subjectFilterOf,
  type ConsumerEvent,
  type ConsumerName,
  STREAM_NAME,
  STREAM_SUBJECTS,
  subjectOf,
  splitEventName,
  type EventData,
  type EventName,
} from '@turnbook/contracts';
import { isDuplicateKey } from './errors';
import { carriedContext, consumeWithContext, publishWithContext, type CarriedContext } from './event-context';
import type { Logger } from './logger';
import { JobRunner, type Job, type JobOptions, type JobRun } from './jobs';
import { insertWithNumericId } from './mongo';

/** NATS_URL's servers: one URL, or a cluster's nodes comma-separated. */
export const natsServers = (natsUrl: string): string[] => natsUrl.split(',').map((s) => s.trim()).filter(Boolean);

/** NATS's JSStreamNameExistErr: nats.js names only a few API codes. */
const STREAM_NAME_IN_USE = 10058;

/** How long the stream keeps events (and so how long a processed id must be remembered). */
const STREAM_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

class ConsumerRun {
  stopped = false;
  current?: ConsumerMessages;
  constructor(readonly durable: string) {}
  stop() {
    this.stopped = true;
    void this.current?.stop();
  }
}

/**
 * Events are never lost between a write and its publish: the event is stored in the same document write
 * (`_pendingEvents`), moved to the outbox collection and off the document before it is published (with its
 * id as JetStream msgID, so a retry is deduplicated), and removed from the outbox once JetStream has
 * acknowledged it. A sweeper retries whatever is still pending, e.g. after NATS was down or the process died.
 */
export const pendingEventsFields = {
  // A map from event id to envelope: FerretDB v1 cannot $pull by condition, but $unset of a key works everywhere.
  _pendingEvents: { type: mongoose.Schema.Types.Mixed },
  _hasPending: { type: Boolean, index: true },
};

type PendingMap = Record<string, EventEnvelope>;

/** An event as stored until it is published: with the request id and trace context it goes out with (NATS headers). */
type StoredEnvelope = EventEnvelope & { carried?: CarriedContext };

let nextSeq = 0;

/** Fields to put in a new document so it is created together with its events. */
export function pendingEvents(...events: EventEnvelope[]): { _pendingEvents: PendingMap; _hasPending: true } {
  return { _pendingEvents: Object.fromEntries(events.map((e) => [e.id, e])), _hasPending: true };
}

interface OutboxIntent {
  _id: string;
  envelope: EventEnvelope;
  deleteFrom?: { collection: string; id: unknown };
  /** the document whose pending events it was moved from (published only once that document is clear) */
  from?: { collection: string; id: unknown };
  at: Date;
}

const outboxSchema = new mongoose.Schema<OutboxIntent>(
  { _id: String, envelope: mongoose.Schema.Types.Mixed, deleteFrom: mongoose.Schema.Types.Mixed, from: mongoose.Schema.Types.Mixed, at: Date },
  { versionKey: false },
);

const processedSchema = new mongoose.Schema<{ _id: string; at: Date }>({ _id: String, at: Date }, { versionKey: false });

/** What a consumer of the CONSUMERS table does with one event; `env.data` is typed by the consumer's event. */
export type ConsumerHandler<C extends ConsumerName> = (env: EventEnvelope<EventData<ConsumerEvent<C>>>) => Promise<void>;

/** A service's consumers, keyed by their names in libs/contracts CONSUMERS (like Handlers by route). */
export type Consumers = { [C in ConsumerName]?: ConsumerHandler<C> };

export interface EventBusOptions {
  /** One server or a cluster's nodes, comma-separated (NATS_URL). */
  natsUrl: string;
  /**
   * Nodes that keep the events stream (NATS_STREAM_REPLICAS, default 1). With 3, a publish is acknowledged
   * once a majority of them stored it, so one node may die without losing an event; an existing stream with
   * fewer replicas is scaled up at start.
   */
  streamReplicas?: number;
  name: string;
  db: Connection;
  log: Logger;
  sweepMs?: number;
  /**
   * How old a pending event must be before the sweeper takes it (OUTBOX_SWEEP_AFTER_MS). The request that wrote it
   * publishes it after its `beforePublish` (a day's stamp moved); a sweep between the two sent the event
   * first, and a calendar reading the day on it could miss the write.
   */
  sweepAfterMs: number;
  /** Appended to durable consumer names, so parallel test instances on one NATS don't share consumers. */
  durableSuffix?: string;
  /**
   * Where a consumer created now starts: where CONSUMERS declares ('declared', the default), or at the end of
   * the stream ('now'). Test instances on a NATS shared by every test file use 'now': replaying all the events
   * earlier files published kept their own events waiting for seconds.
   */
  newConsumersFrom?: 'declared' | 'now';
}

export class EventBus {
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private readonly models = new Set<Model<any>>();
  private sweeper?: NodeJS.Timeout;
  private sweeping = false;
  private stopped = false;
  private readonly consumerRuns: ConsumerRun[] = [];
  private pruner?: NodeJS.Timeout;
  private readonly Outbox: Model<OutboxIntent>;
  private readonly Processed: Model<{ _id: string; at: Date }>;
  private jobs?: JobRunner;

  constructor(private readonly opts: EventBusOptions) {
    this.Outbox = opts.db.model<OutboxIntent>('OutboxIntent', outboxSchema, 'outbox');
    this.Processed = opts.db.model<{ _id: string; at: Date }>('ProcessedEvent', processedSchema, 'processed_events');
  }

  /** Connects (waiting for NATS if it is not up yet), makes sure the stream exists, starts the sweeper. */
  async start(): Promise<void> {
    this.nc = await connect({
      servers: natsServers(this.opts.natsUrl),
      name: this.opts.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      waitOnFirstConnect: true,
    });
    await this.ensureStream();
    this.js = jetstream(this.nc);
    this.sweeper = setInterval(() => void this.sweep(), this.opts.sweepMs ?? 1000);
    this.sweeper.unref();
    this.pruner = setInterval(() => void this.pruneProcessed().catch(() => undefined), 3600_000);
    this.pruner.unref();
  }

  get connection(): NatsConnection {
    if (!this.nc) throw new Error('event bus not started');
    return this.nc;
  }

  /**
   * Runs `run` once per `periodMs` across every instance of this service (libs/service-kit jobs.ts), not once
   * per instance. It may run again after an instance died mid-run: a job must be safe to repeat.
   */
  every(name: string, periodMs: number, run: (job: JobRun) => Promise<unknown>, opts?: JobOptions): Promise<Job> {
    this.jobs ??= new JobRunner(this.connection, `${this.opts.name}${this.opts.durableSuffix ?? ''}`, this.opts.log, this.opts.streamReplicas ?? 1);
    return this.jobs.every(name, periodMs, run, opts);
  }

  isConnected(): boolean {
    return !!this.nc && !this.nc.isClosed() && !this.nc.isDraining();
  }

  private async ensureStream() {
    const jsm = await jetstreamManager(this.nc!);
    const replicas = this.opts.streamReplicas ?? 1;
    const config = {
      name: STREAM_NAME,
      num_replicas: replicas,
      subjects: STREAM_SUBJECTS,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      duplicate_window: nanos(2 * 60 * 1000),
      max_age: nanos(STREAM_MAX_AGE_MS),
    };
    try {
      const info = await jsm.streams.info(STREAM_NAME);
      // A stream made before the cluster (or by a bus asking for fewer) gets its copies now; never fewer.
      if ((info.config.num_replicas ?? 1) < replicas) {
        await jsm.streams.update(STREAM_NAME, { num_replicas: replicas });
        this.opts.log.info({ stream: STREAM_NAME, from: info.config.num_replicas, to: replicas }, 'events stream scaled up');
      }
    } catch (err) {
      if (!(err instanceof JetStreamApiError) || err.code !== JetStreamApiCodes.StreamNotFound) throw err;
      try {
        await jsm.streams.add(config);
      } catch (addErr) {
        // Another service created it at the same moment.
        if (!(addErr instanceof JetStreamApiError) || addErr.code !== STREAM_NAME_IN_USE) throw addErr;
      }
    }
  }

  /** Builds an event; store it in the document write (`_pendingEvents`), then call `flush`. */
  event<N extends EventName>(name: N, storeId: number | 'global', data: EventData<N>): EventEnvelope<EventData<N>> {
    const parsed = EVENTS[name].parse(data) as EventData<N>;
    const { domain, type } = splitEventName(name);
    const env: EventEnvelope<EventData<N>> = {
      id: randomUUID(),
      subject: subjectOf(domain, storeId, type),
      type: name,
      storeId,
      occurredAt: new Date().toISOString(),
      seq: nextSeq++,
      data: parsed,
    };
    // kept with the event wherever it is stored, sent as headers, never in the body
    const carried = carriedContext();
    return carried ? Object.assign(env, { carried }) : env;
  }

  /** `$set` fields that record events with an update: `{ $set: { ...changes, ...bus.withEvents(e) } }`. */
  withEvents(...events: EventEnvelope[]): Record<string, unknown> {
    return { _hasPending: true, ...Object.fromEntries(events.map((e) => [`_pendingEvents.${e.id}`, e])) };
  }

  /** Registers a model whose documents may carry pending events, for the sweeper. */
  track(model: Model<any>): void {
    this.models.add(model);
  }

  /** Publishes a document's pending events now; whatever fails stays for the sweeper. */
  async flush(model: Model<any>, id: unknown): Promise<void> {
    this.track(model);
    const doc = await model.findOne({ _id: id }, { _pendingEvents: 1 }).lean<{ _pendingEvents?: PendingMap }>();
    await this.publishPending(model, id, doc?._pendingEvents);
  }

  /**
   * Publishes events pending on a document, oldest first. They move to the outbox and leave the document
   * before the first is published: a consumer of them may write the document at once (a queued text is
   * marked sent), and on FerretDB, whose updates are read-then-write, our clearing beside that write would
   * undo it. Whatever is not published stays in the outbox for the sweeper.
   */
  private async publishPending(model: Model<any>, id: unknown, events: PendingMap | undefined): Promise<void> {
    const pending = Object.values(events ?? {}).sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || (a.seq ?? 0) - (b.seq ?? 0));
    if (!pending.length) {
      // Two publishers of one document (a flush and the sweeper) can leave an empty map behind on FerretDB,
      // whose updates are not atomic: the next look clears it.
      if (events) await model.updateOne({ _id: id, _pendingEvents: {} }, { $unset: { _hasPending: 1, _pendingEvents: 1 } });
      return;
    }
    const at = new Date();
    await this.Outbox.insertMany(
      pending.map((env) => ({ _id: env.id, envelope: env, from: { collection: model.collection.name, id }, at })),
      { ordered: false },
    ).catch((err) => {
      // Another publisher of this document moved them first.
      if (!isDuplicateKey(err)) throw err;
    });
    await model.updateOne({ _id: id }, { $unset: Object.fromEntries(pending.map((e) => [`_pendingEvents.${e.id}`, 1])) });
    // Only clear the flag if no new event arrived meanwhile.
    await model.updateOne({ _id: id, _pendingEvents: {} }, { $unset: { _hasPending: 1, _pendingEvents: 1 } });
    for (const env of pending) {
      if (!(await this.tryPublish(env))) break;
      // Not waited for: a copy the sweeper finds first is published again and dropped as a duplicate.
      this.Outbox.deleteOne({ _id: env.id }).catch((err) => this.opts.log.warn({ err: String(err), eventId: env.id }, 'outbox entry not removed; the sweeper will'));
    }
  }

  /**
   * Inserts a document under the next numeric id of `counter`, in one write with the events it causes
   * (built from the saved document, so they can carry its id), then publishes them. A crash after the
   * insert leaves the events with the document for the sweeper: they are never lost. `beforePublish` runs
   * between the write and the publish: what a reader of the event must find done (e.g. a read cache told
   * of the write) goes there.
   */
  async insertNumbered<T extends { _id?: number }>(
    model: Model<T>,
    doc: Omit<T, '_id'>,
    ids: { counter: string; start?: number },
    events: (saved: T & { _id: number }) => EventEnvelope[],
    beforePublish?: (saved: T & { _id: number }) => Promise<void>,
  ): Promise<T & { _id: number }> {
    this.track(model);
    const saved = await insertWithNumericId(model, (id) => {
      const withId = { ...doc, _id: id } as T & { _id: number };
      return { ...withId, ...pendingEvents(...events(withId)) } as unknown as Omit<T, '_id'>;
    }, ids.counter, ids.start);
    const { _pendingEvents: pending, _hasPending: _h, ...clean } = saved as T & { _id: number; _pendingEvents?: PendingMap; _hasPending?: unknown };
    if (beforePublish) await beforePublish(clean as T & { _id: number });
    // The events written with the document: nobody else knows its id yet, so no other event is pending on it.
    await this.publishPending(model, saved._id, pending);
    return clean as T & { _id: number };
  }

  /**
   * Deletes a document and publishes an event about it. The intent is written first, so if we die
   * half-way the sweeper finishes both the delete and the publish.
   */
  async deleteWithEvent(model: Model<any>, id: unknown, env: EventEnvelope, beforePublish?: () => Promise<void>): Promise<void> {
    this.track(model);
    await this.Outbox.create({ _id: env.id, envelope: env, deleteFrom: { collection: model.collection.name, id }, at: new Date() });
    await this.completeIntent(env.id, beforePublish);
  }

  /** Publishes an event not tied to a document write (written to the outbox first). */
  async publishDurably(env: EventEnvelope): Promise<void> {
    await this.Outbox.create({ _id: env.id, envelope: env, at: new Date() });
    await this.completeIntent(env.id);
  }

  private async completeIntent(intentId: string, beforePublish?: () => Promise<void>): Promise<void> {
    const intent = await this.Outbox.findById(intentId).lean();
    if (!intent) return;
    if (intent.deleteFrom) {
      await this.opts.db.collection(intent.deleteFrom.collection).deleteOne({ _id: intent.deleteFrom.id as never });
    }
    if (beforePublish) await beforePublish();
    if (await this.tryPublish(intent.envelope)) await this.Outbox.deleteOne({ _id: intentId });
  }

  private async tryPublish(env: EventEnvelope): Promise<boolean> {
    if (!this.js || !this.nc || this.nc.isClosed()) return false;
    try {
      const { carried, ...body } = env as StoredEnvelope;
      await publishWithContext(env, carried, (headers) => this.js!.publish(env.subject, JSON.stringify(body), { msgID: env.id, timeout: 2000, headers }));
      return true;
    } catch (err) {
      this.opts.log.warn({ err: String(err), subject: env.subject }, 'publish failed; will retry');
      // Nothing stored it: NATS may have come back without its data. Re-create the stream for the retry.
      if ((err as Error)?.name === 'JetStreamNotEnabled') await this.ensureStream().catch(() => undefined);
      return false;
    }
  }

  /** Retries everything still pending. */
  async sweep(): Promise<void> {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    try {
      const cutoff = Date.now() - this.opts.sweepAfterMs;
      for (const model of this.models) {
        const docs = await model.find({ _hasPending: true }, { _id: 1, _pendingEvents: 1 }).limit(100).lean<Array<{ _id: unknown; _pendingEvents?: PendingMap }>>();
        // A document whose newest event is recent may still be with its request: that request publishes it.
        const left = docs.filter((d) => Object.values(d._pendingEvents ?? {}).every((e) => Date.parse(e.occurredAt) <= cutoff));
        for (const d of left) await this.flush(model, d._id);
      }
      // Oldest first; events of one write share their instant and go by their order in it.
      const intents = await this.Outbox.find({ at: { $lte: new Date(cutoff) } }).sort({ at: 1 }).limit(100).lean();
      intents.sort((a, b) => a.at.getTime() - b.at.getTime() || a.envelope.occurredAt.localeCompare(b.envelope.occurredAt) || (a.envelope.seq ?? 0) - (b.envelope.seq ?? 0));
      for (const i of intents) {
        // A document still being cleared is left to its flush (above, or in the request that wrote it).
        if (i.from && (await this.opts.db.collection(i.from.collection).findOne({ _id: i.from.id as never, _hasPending: true }, { projection: { _id: 1 } }))) continue;
        await this.completeIntent(i._id);
      }
    } catch (err) {
      this.opts.log.warn({ err: String(err) }, 'outbox sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Runs one consumer of the CONSUMERS table in libs/contracts, for as long as the bus runs: each event is
   * handled once per consumer even if it is delivered twice (processed ids are remembered for as long as
   * the stream keeps events). Handlers should still be safe to repeat: a crash between handling and
   * remembering redelivers the event. The consumer survives a lost connection, a deleted consumer and
   * missed heartbeats: it re-creates itself and carries on.
   */
  async consume<C extends ConsumerName>(name: C, handler: ConsumerHandler<C>): Promise<void> {
    const durable = `${name}${this.opts.durableSuffix ?? ''}`;
    await this.ensureConsumer(name, durable);
    const run = new ConsumerRun(durable);
    this.consumerRuns.push(run);
    void this.keepConsuming(name, durable, run, handler as (env: EventEnvelope) => Promise<void>);
  }

  /** Starts every consumer of a Consumers map. */
  async consumeAll(consumers: Consumers): Promise<void> {
    for (const [name, handler] of Object.entries(consumers) as Array<[ConsumerName, ConsumerHandler<ConsumerName>]>) {
      await this.consume(name, handler);
    }
  }

  private async ensureConsumer(name: ConsumerName, durable: string) {
    const { event, from } = CONSUMERS[name];
    const jsm = await jetstreamManager(this.nc!);
    const filter_subject = subjectFilterOf(event);
    try {
      await jsm.consumers.info(STREAM_NAME, durable);
      await jsm.consumers.update(STREAM_NAME, durable, { filter_subject });
    } catch (err) {
      if (!(err instanceof JetStreamApiError)) throw err;
      // NATS came back without its data: the stream goes first.
      if (err.code === JetStreamApiCodes.StreamNotFound) await this.ensureStream();
      else if (err.code !== JetStreamApiCodes.ConsumerNotFound) throw err;
      await jsm.consumers.add(STREAM_NAME, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: from === 'all' && this.opts.newConsumersFrom !== 'now' ? DeliverPolicy.All : DeliverPolicy.New,
        filter_subject,
        ack_wait: nanos(30_000),
        max_deliver: -1,
      });
    }
  }

  private async keepConsuming(name: ConsumerName, durable: string, run: ConsumerRun, handler: (env: EventEnvelope) => Promise<void>) {
    let backoff = 250;
    while (!this.stopped && !run.stopped) {
      try {
        const consumer = await this.js!.consumers.get(STREAM_NAME, durable);
        const messages = await consumer.consume({ max_messages: 50, idle_heartbeat: 5000 });
        run.current = messages;
        void this.watchStatus(durable, messages);
        backoff = 250;
        for await (const m of messages) await this.handleMessage(name, durable, m, handler);
      } catch (err) {
        if (this.stopped || run.stopped) return;
        this.opts.log.warn({ err: String(err), durable }, 'consumer stopped; recovering');
      }
      if (this.stopped || run.stopped) return;
      await new Promise((r) => setTimeout(r, backoff).unref());
      backoff = Math.min(backoff * 2, 5000);
      // The consumer may have been deleted (or NATS restarted without its state): make sure it exists again.
      await this.ensureConsumer(name, durable).catch((err) => this.opts.log.warn({ err: String(err), durable }, 'consumer not restored yet'));
    }
  }

  /** Ends the message loop when the server says the consumer is gone or stops answering, so it is re-created. */
  private async watchStatus(durable: string, messages: ConsumerMessages) {
    for await (const s of messages.status()) {
      if (s.type === 'consumer_deleted' || s.type === 'consumer_not_found' || s.type === 'stream_not_found' || (s.type === 'heartbeats_missed' && s.count >= 3)) {
        this.opts.log.warn({ durable, status: s.type }, 'consumer lost; re-creating');
        messages.stop();
        return;
      }
    }
  }

  private async handleMessage(name: ConsumerName, durable: string, m: JsMsg, handler: (env: EventEnvelope) => Promise<void>) {
    let env: EventEnvelope;
    try {
      env = EventEnvelope.parse(JSON.parse(m.string())) as EventEnvelope;
      env.data = EVENTS[CONSUMERS[name].event].parse(env.data);
    } catch (err) {
      this.opts.log.error({ err: String(err), subject: m.subject, durable }, 'malformed event dropped');
      m.term();
      return;
    }
    try {
      const key = `${durable}:${env.id}`;
      if (!(await this.Processed.exists({ _id: key }))) {
        await consumeWithContext(env, durable, m.headers, async () => {
          const started = performance.now();
          await handler(env);
          // a consumer's line per event, as a request's: it carries the id of the request that caused it
          this.opts.log.info({ event: env.type, eventId: env.id, durable, ms: Math.round(performance.now() - started) }, 'event handled');
        });
        await this.Processed.create({ _id: key, at: new Date() }).catch((e) => {
          if (!isDuplicateKey(e)) throw e;
        });
      }
      m.ack();
    } catch (err) {
      this.opts.log.error({ err: String(err), subject: m.subject, durable }, 'event handler failed; will be redelivered');
      m.nak(1000);
    }
  }

  /** Events written but not yet acknowledged by JetStream (a metric, read when scraped). */
  async outboxDepth(): Promise<number> {
    return this.Outbox.countDocuments({}).maxTimeMS(2000);
  }

  /**
   * Per durable consumer this instance runs: events of its filter not yet delivered to any instance
   * (JetStream's num_pending) and delivered but not yet acknowledged (a metric, read when scraped).
   */
  async consumerLag(): Promise<Array<{ durable: string; pending: number; unacked: number }>> {
    if (!this.nc || this.nc.isClosed()) return [];
    const jsm = await jetstreamManager(this.nc, { checkAPI: false });
    const durables = [...new Set(this.consumerRuns.filter((r) => !r.stopped).map((r) => r.durable))];
    // One consumer being re-created (NATS restarted) leaves only its own line out of the scrape.
    const read = await Promise.allSettled(durables.map(async (durable) => {
      const info = await jsm.consumers.info(STREAM_NAME, durable);
      return { durable, pending: info.num_pending, unacked: info.num_ack_pending };
    }));
    return read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  }

  /** Forgets processed ids older than the stream keeps events: they can no longer be delivered. */
  async pruneProcessed(now = new Date()): Promise<number> {
    const { deletedCount } = await this.Processed.deleteMany({ at: { $lt: new Date(now.getTime() - STREAM_MAX_AGE_MS) } });
    return deletedCount ?? 0;
  }

  /**
   * Before a graceful stop (a rolling deploy): take no new messages (the durable consumers hand them to
   * the other instances) and publish what this instance still holds in its outbox, so nothing waits for
   * another instance's sweeper.
   */
  async drain(): Promise<void> {
    for (const run of this.consumerRuns) run.stop();
    this.jobs?.stopAll();
    if (this.sweeper) clearInterval(this.sweeper);
    while (this.sweeping) await new Promise((r) => setTimeout(r, 20));
    await this.sweep();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const run of this.consumerRuns) run.stop();
    this.jobs?.stopAll();
    if (this.pruner) clearInterval(this.pruner);
    if (this.nc && !this.nc.isClosed()) await this.nc.drain().catch(() => this.nc?.close());
  }
}
