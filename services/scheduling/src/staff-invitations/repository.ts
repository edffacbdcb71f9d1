import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { pendingEvents, pendingEventsFields, type EventBus } from '@turnbook/service-kit';

export interface InvitationDoc {
  _id: string;
  storeId: number;
  /** Lowercased, as the owner typed it; only a sign-in with this email can accept. */
  email: string;
  /** The PIN the owner chose in the wizard, hashed; it goes onto the employee on acceptance. */
  pinHash: string | null;
  invitedBy: number | null;
  status: 'pending' | 'accepted';
  acceptedBy?: number;
  createdAt: Date;
  expiresAt: Date;
}

interface StaffAddRequest {
  key: string;
  at: Date;
}

const schema = new mongoose.Schema<InvitationDoc>(
  {
    _id: String,
    storeId: { type: Number, required: true },
    email: { type: String, required: true },
    pinHash: { type: String, default: null },
    invitedBy: { type: Number, default: null },
    status: { type: String, required: true },
    acceptedBy: Number,
    createdAt: Date,
    expiresAt: Date,
    ...pendingEventsFields,
  },
  { versionKey: false },
);
schema.index({ storeId: 1, status: 1, email: 1 });

const requestSchema = new mongoose.Schema<StaffAddRequest>({ key: String, at: Date }, { versionKey: false });
requestSchema.index({ key: 1, at: -1 });

const PUBLIC = { _pendingEvents: 0, _hasPending: 0 } as const;

/** staff_invitations and staff_add_requests (the add-staff rate limit): this feature's only database access. */
export class InvitationsRepository {
  readonly model: Model<InvitationDoc>;
  private readonly requests: Model<StaffAddRequest>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = db.model<InvitationDoc>('StaffInvitation', schema, 'staff_invitations');
    this.requests = db.model<StaffAddRequest>('StaffAddRequest', requestSchema, 'staff_add_requests');
    bus.track(this.model);
  }

  async init(): Promise<void> {
    await Promise.all([this.model.init(), this.requests.init()]);
  }

  /** Counts one add under each key; answers each key's count in the window (shared by every instance). */
  async countRequest(keys: string[], windowMs: number): Promise<number[]> {
    const at = new Date();
    const since = new Date(at.getTime() - windowMs);
    await this.requests.deleteMany({ at: { $lte: since } });
    await this.requests.insertMany(keys.map((key) => ({ key, at })));
    return Promise.all(keys.map((key) => this.requests.countDocuments({ key, at: { $gt: since } })));
  }

  byId(id: string): Promise<InvitationDoc | null> {
    return this.model.findById(id, PUBLIC).lean<InvitationDoc>();
  }

  /** The live invitation of this email to this store, if any. */
  pendingFor(storeId: number, email: string): Promise<InvitationDoc | null> {
    return this.model.findOne({ storeId, email, status: 'pending', expiresAt: { $gt: new Date() } }, PUBLIC).lean<InvitationDoc>();
  }

  pendingOfStore(storeId: number): Promise<InvitationDoc[]> {
    return this.model.find({ storeId, status: 'pending', expiresAt: { $gt: new Date() } }, PUBLIC).sort({ createdAt: 1 }).lean<InvitationDoc[]>();
  }

  /** A new invitation with its event, in one write. */
  async create(inv: Omit<InvitationDoc, '_id'>, event: (id: string) => EventEnvelope): Promise<InvitationDoc> {
    const doc: InvitationDoc = { _id: randomUUID(), ...inv };
    await this.model.create({ ...doc, ...pendingEvents(event(doc._id)) });
    await this.bus.flush(this.model, doc._id);
    return doc;
  }

  /** Sends a live invitation again (new expiry, new PIN if one was given) with its event, in one write. */
  async renew(id: string, changes: Pick<InvitationDoc, 'expiresAt' | 'pinHash' | 'invitedBy'>, event: EventEnvelope): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { ...changes, ...this.bus.withEvents(event) } });
    await this.bus.flush(this.model, id);
  }

  /** Closes a pending invitation; false when it was not pending any more (accepted meanwhile). */
  async markAccepted(id: string, userId: number): Promise<boolean> {
    const res = await this.model.updateOne({ _id: id, status: 'pending' }, { $set: { status: 'accepted', acceptedBy: userId } });
    return res.modifiedCount === 1;
  }
}
