import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { messaging } from '@turnbook/contracts';
import { isDuplicateKey, pendingEvents, pendingEventsFields, type EventBus } from '@turnbook/service-kit';
import { smsBatchQueuedEvent, smsQueuedEvent, smsSentEvent } from './events';

/**
 * A text to a customer, from queued to sent (and delivered or failed, by the provider's reports). Its id
 * is its idempotency key: a bulk reminder's is `rem:<store>:<appointment>` (the claim that no second
 * reminder ever goes out), a Text Center text's comes from the request's Idempotency-Key or is new.
 */
export interface MessageDoc {
  _id: string;
  storeId: number;
  /** '1' plus 10 digits */
  recipient: string;
  body: string;
  kind: messaging.MessageKind;
  appointmentId: number | null;
  /** queued -> sending -> sent -> delivered; failed or undelivered */
  status: 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'undelivered';
  attempts: number;
  /** when the next attempt is due, while waiting after a failed one */
  retryAt: Date | null;
  /** when the current attempt started (a resumed attempt looks for a text sent since) */
  sendingAt: Date | null;
  /** the bulk batch it was queued with, if any */
  batchId?: string | null;
  /** when it was last queued (a text queued long ago and still waiting lost its event) */
  queuedAt: Date;
  providerId: string | null;
  error: string | null;
  created_at: Date;
  sentAt: Date | null;
}

const schema = new mongoose.Schema<MessageDoc>(
  {
    _id: String,
    storeId: { type: Number, required: true },
    recipient: { type: String, required: true },
    body: { type: String, required: true },
    kind: { type: String, required: true },
    appointmentId: { type: Number, default: null },
    status: { type: String, required: true },
    attempts: { type: Number, default: 0 },
    retryAt: { type: Date, default: null },
    sendingAt: { type: Date, default: null },
    queuedAt: Date,
    batchId: { type: String, default: null },
    providerId: { type: String, default: null },
    error: { type: String, default: null },
    created_at: Date,
    sentAt: { type: Date, default: null },
    ...pendingEventsFields,
  },
  { versionKey: false },
);
schema.index({ providerId: 1 });
schema.index({ batchId: 1 });
schema.index({ recipient: 1, created_at: -1 });
schema.index({ status: 1, retryAt: 1 });
schema.index({ storeId: 1, appointmentId: 1, created_at: -1 });

export type NewMessage = Pick<MessageDoc, '_id' | 'storeId' | 'recipient' | 'body' | 'kind' | 'appointmentId'>;

const STATUS_ORDER: Record<string, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3 };

export class MessagesRepository {
  readonly model: Model<MessageDoc>;
  /** One document per attempt at sending a text (`<text id>:<attempt>`): the claim on that attempt. */
  private readonly attempts: Model<{ _id: string; at: Date }>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = db.model<MessageDoc>('SmsMessage', schema, 'sms_messages');
    this.attempts = db.model<{ _id: string; at: Date }>('SmsAttempt', new mongoose.Schema<{ _id: string; at: Date }>({ _id: String, at: Date }, { versionKey: false }), 'sms_attempts');
  }

  async init(): Promise<void> {
    await this.model.init();
    // Queued events left behind by a restart or a NATS outage go out with the sweeper.
    this.bus.track(this.model);
  }

  private doc(m: NewMessage, now: Date) {
    const queued = smsQueuedEvent(this.bus, m);
    return { ...m, status: 'queued', attempts: 0, retryAt: null, sendingAt: null, queuedAt: now, providerId: null, error: null, created_at: now, sentAt: null, ...pendingEvents(queued) };
  }

  /**
   * Queues one text: written with its sms.queued event in one insert (the sweeper publishes it if we die
   * right after). Null when a text with this id exists already (the same key again).
   */
  async queue(m: NewMessage): Promise<MessageDoc | null> {
    const doc = this.doc(m, new Date());
    try {
      await this.model.collection.insertOne(doc as never);
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
    await this.bus.flush(this.model, m._id);
    // What was written, not a read back: the sender may already be sending it, and the answer is "queued".
    return doc as unknown as MessageDoc;
  }

  /**
   * Queues many texts of one store in one write, then one sms.batch_queued event for them (through the
   * outbox); answers the ids written (an id that exists already is a duplicate, not written). Should we die
   * between the two, the retry sweep queues texts left without an event.
   */
  async queueMany(ms: NewMessage[]): Promise<{ written: Set<string>; duplicates: Set<string> }> {
    const now = new Date();
    const batchId = randomUUID();
    const duplicates = new Set<string>();
    if (ms.length) {
      const docs = ms.map((m) => ({ ...m, batchId, status: 'queued', attempts: 0, retryAt: null, sendingAt: null, queuedAt: now, providerId: null, error: null, created_at: now, sentAt: null }));
      // One unordered write for the batch, then the batch's own documents read back by its fresh batchId:
      // an id this batch did not write was claimed before (a second press, the day-before run). The write's
      // errors only say whether anything but a taken id went wrong (the local database's bulk errors do
      // not always name the right documents, so they never decide which claim is whose).
      try {
        await this.model.collection.insertMany(docs as never[], { ordered: false });
      } catch (err) {
        const e = err as { writeErrors?: unknown[] | unknown; code?: number; message?: string };
        const writeErrors = Array.isArray(e.writeErrors) ? e.writeErrors : e.writeErrors ? [e.writeErrors] : [];
        const onlyTaken = writeErrors.length > 0 ? writeErrors.every((w) => isDuplicateKey(w)) : isDuplicateKey(e);
        if (!onlyTaken) throw err;
      }
      const ids = (q: object) => this.model.collection.find(q as never, { projection: { _id: 1 } }).toArray().then((r) => new Set(r.map((d) => String(d._id))));
      const ours = await ids({ _id: { $in: docs.map((d) => d._id) }, batchId });
      const others = docs.filter((d) => !ours.has(d._id));
      // A database that stops an unordered write at its first error leaves some texts unwritten by anyone:
      // those are written one by one (a claim taken meanwhile is then unambiguous).
      const taken = others.length ? await ids({ _id: { $in: others.map((d) => d._id) } }) : new Set<string>();
      for (const d of others) {
        if (taken.has(d._id)) {
          duplicates.add(d._id);
          continue;
        }
        try {
          await this.model.collection.insertOne(d as never);
        } catch (err) {
          if (!isDuplicateKey(err as { code?: number; message?: string })) throw err;
          duplicates.add(d._id);
        }
      }
    }
    const written = new Set(ms.map((m) => m._id).filter((id) => !duplicates.has(id)));
    const byStore = new Map<number, string[]>();
    for (const m of ms) if (written.has(m._id)) byStore.set(m.storeId, [...(byStore.get(m.storeId) ?? []), m._id]);
    for (const [storeId, messageIds] of byStore) await this.bus.publishDurably(smsBatchQueuedEvent(this.bus, { storeId, batchId, messageIds }));
    return { written, duplicates };
  }

  /** The store's texts about one appointment, newest first (another store's appointment has none here). */
  async ofAppointment(storeId: number, appointmentId: number, limit = 50): Promise<MessageDoc[]> {
    return this.model.find({ storeId, appointmentId }).sort({ created_at: -1 }).limit(limit).lean<MessageDoc[]>();
  }

  /** A batch's texts in one query (by its indexed batchId). */
  async ofBatch(batchId: string, ids: string[]): Promise<MessageDoc[]> {
    const wanted = new Set(ids);
    const docs = await this.model.find({ batchId }, { _pendingEvents: 0, _hasPending: 0 }).lean<MessageDoc[]>();
    return docs.filter((d) => wanted.has(d._id));
  }

  byId(id: string): Promise<MessageDoc | null> {
    return this.model.findById(id).lean<MessageDoc>();
  }

  /**
   * Starts attempt `attempts + 1` of a text from the state it was read in; false when another sender took
   * that attempt meanwhile. The attempt's claim (a unique `_id`) decides: two consumers of one text on
   * FerretDB could both pass the conditional update (its updates are read-then-write) and send it twice.
   */
  async startAttempt(m: Pick<MessageDoc, '_id' | 'status' | 'attempts'>, now: Date): Promise<boolean> {
    try {
      await this.attempts.collection.insertOne({ _id: `${m._id}:${m.attempts + 1}`, at: now } as never);
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    const res = await this.model.updateOne(
      { _id: m._id, status: m.status, attempts: m.attempts },
      { $set: { status: 'sending', sendingAt: now, retryAt: null }, $inc: { attempts: 1 } },
    );
    return res.modifiedCount === 1;
  }

  /** Sent: noted with its sms.sent event (scheduling appends the note suffix), published now or by the sweeper. */
  async markSent(m: MessageDoc, providerId: string, now: Date): Promise<void> {
    const sent = smsSentEvent(this.bus, {
      messageId: m._id, storeId: m.storeId, appointmentId: m.appointmentId, kind: m.kind, sentAt: now.toISOString(),
    });
    await this.model.updateOne(
      { _id: m._id, status: { $in: ['queued', 'sending'] } },
      { $set: { status: 'sent', providerId, sentAt: now, error: null, ...this.bus.withEvents(sent) } },
    );
    await this.bus.flush(this.model, m._id);
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.model.updateOne({ _id: id, status: { $in: ['queued', 'sending'] } }, { $set: { status: 'failed', error, retryAt: null } });
  }

  /** Waits for another attempt at `retryAt` (the retry sweep queues it again then). */
  async retryLater(id: string, error: string, retryAt: Date): Promise<void> {
    await this.model.updateOne({ _id: id, status: 'sending' }, { $set: { status: 'queued', error, retryAt } });
  }

  /**
   * Texts whose wait is over, and texts queued long ago whose event never came (a process that died
   * between writing a batch and its event): queued again with a new sms.queued event each. A text that
   * gets two events is still sent once (the sender goes by its status).
   */
  async requeueDue(now: Date, limit = 100, staleMs = 60_000): Promise<number> {
    const due = await this.model
      .find(
        { status: 'queued', $or: [{ retryAt: { $ne: null, $lte: now } }, { retryAt: null, _hasPending: { $ne: true }, queuedAt: { $lt: new Date(now.getTime() - staleMs) } }] },
        { _id: 1, storeId: 1, retryAt: 1 },
      )
      .limit(limit)
      .lean<Array<Pick<MessageDoc, '_id' | 'storeId' | 'retryAt'>>>();
    for (const m of due) {
      const queued = smsQueuedEvent(this.bus, m);
      // queuedAt moves on, so a text waiting for its new event is not queued again at the next sweep.
      const res = await this.model.updateOne({ _id: m._id, status: 'queued', retryAt: m.retryAt }, { $set: { retryAt: null, queuedAt: now, ...this.bus.withEvents(queued) } });
      if (res.modifiedCount) await this.bus.flush(this.model, m._id);
    }
    return due.length;
  }

  /** A delivery report from the provider: the status only moves forward. */
  async applyStatus(providerId: string, status: string, error: string | null): Promise<void> {
    const mapped = status === 'delivered' ? 'delivered' : status === 'undelivered' ? 'undelivered' : status === 'failed' ? 'failed' : status === 'sent' ? 'sent' : null;
    if (!mapped) return;
    const m = await this.model.findOne({ providerId }, { status: 1 }).lean<Pick<MessageDoc, '_id' | 'status'>>();
    if (!m || STATUS_ORDER[m.status] >= STATUS_ORDER[mapped]) return;
    await this.model.updateOne({ _id: m._id, status: m.status }, { $set: { status: mapped, ...(error ? { error } : {}) } });
  }

  /** The store that last texted this recipient (for a reply to a number several stores share). */
  async storesThatTexted(recipient: string): Promise<number[]> {
    const last = await this.model.find({ recipient }, { storeId: 1 }).sort({ created_at: -1 }).limit(50).lean<Array<Pick<MessageDoc, 'storeId'>>>();
    return [...new Set(last.map((m) => m.storeId))];
  }
}
