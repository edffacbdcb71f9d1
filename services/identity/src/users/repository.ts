import mongoose, { type Connection, type Model } from 'mongoose';
import { MESSAGES, type EventEnvelope } from '@turnbook/contracts';
import { conflict, findEachById, insertWithNumericId, isDuplicateKey, pendingEvents, pendingEventsFields, type EventBus } from '@turnbook/service-kit';

export interface UserDoc {
  _id: number;
  fname: string;
  lname: string;
  email: string;
  phone: string;
  /** The phone number confirmed with a texted code (phone-verification/); null until then. */
  verifiedPhone?: string | null;
  role: string;
  profile_image: string | null;
  /** The app version this user last acknowledged (see README, "App version settings"). */
  app_version: string | null;
  color: string;
  passwordHash: string;
  verified: boolean;
  createdAt: Date;
}

export type NewUser = Omit<UserDoc, '_id' | 'createdAt'>;
export type UserChanges = Partial<Omit<UserDoc, '_id' | 'createdAt'>>;

const userSchema = new mongoose.Schema<UserDoc>(
  {
    _id: Number,
    fname: String,
    lname: String,
    email: { type: String, required: true, unique: true },
    phone: String,
    verifiedPhone: { type: String, default: null },
    role: String,
    profile_image: { type: String, default: null },
    app_version: { type: String, default: null },
    color: String,
    passwordHash: String,
    verified: { type: Boolean, default: false },
    createdAt: Date,
    ...pendingEventsFields,
  },
  { versionKey: false },
);

// One document per allocated user id. Reserving the id first lets the user be written in a single
// insert together with events that name the id (user.registered), so no event can be lost.
const idSchema = new mongoose.Schema<{ _id: number; at: Date }>({ _id: Number, at: Date }, { versionKey: false });

const PUBLIC_FIELDS = { passwordHash: 0, _pendingEvents: 0, _hasPending: 0 } as const;

export class UsersRepository {
  readonly model: Model<UserDoc>;
  private readonly ids: Model<{ _id: number; at: Date }>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.model = db.model<UserDoc>('User', userSchema, 'users');
    this.ids = db.model<{ _id: number; at: Date }>('UserId', idSchema, 'user_ids');
    bus.track(this.model);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** Allocates the next user id (counter 'users', from 1); the id's own unique _id is the guarantee. */
  async reserveId(): Promise<number> {
    const { _id } = await insertWithNumericId(this.ids, { at: new Date() }, 'users', 1);
    return _id;
  }

  /**
   * Inserts a user (with an id from reserveId) together with its events in one write, then publishes
   * them. The email's unique index is the guarantee against duplicates: of two registrations at once,
   * the loser gets 409.
   */
  async insert(id: number, user: NewUser, events: EventEnvelope[]): Promise<UserDoc> {
    const doc: UserDoc = { ...user, _id: id, createdAt: new Date() };
    try {
      await this.model.create(events.length ? { ...doc, ...pendingEvents(...events) } : doc);
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(MESSAGES.emailExists, 'email');
      throw err;
    }
    if (events.length) await this.bus.flush(this.model, id);
    return doc;
  }

  /** Applies changes (with their events) to one user; an email taken by someone else gives 409. */
  async update(id: number, changes: UserChanges, events: EventEnvelope[] = []): Promise<void> {
    try {
      await this.model.updateOne({ _id: id }, { $set: { ...changes, ...(events.length ? this.bus.withEvents(...events) : {}) } });
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(MESSAGES.emailExists, 'email');
      throw err;
    }
    if (events.length) await this.bus.flush(this.model, id);
  }

  /** With the password hash: for the sign-in and password use cases only. */
  findWithSecret(filter: { _id: number } | { email: string }): Promise<UserDoc | null> {
    return this.model.findOne(filter, { _pendingEvents: 0, _hasPending: 0 }).lean<UserDoc>();
  }

  findById(id: number): Promise<Omit<UserDoc, 'passwordHash'> | null> {
    return this.model.findOne({ _id: id }, PUBLIC_FIELDS).lean<UserDoc>();
  }

  findByEmail(email: string): Promise<Omit<UserDoc, 'passwordHash'> | null> {
    return this.model.findOne({ email }, PUBLIC_FIELDS).lean<UserDoc>();
  }

  findByIds(ids: number[]): Promise<Array<Omit<UserDoc, 'passwordHash'>>> {
    return findEachById<UserDoc>(this.model, ids, {}, PUBLIC_FIELDS);
  }

  all(): Promise<Array<Omit<UserDoc, 'passwordHash'>>> {
    return this.model.find({}, PUBLIC_FIELDS).sort({ _id: 1 }).lean<UserDoc[]>();
  }
}
