import mongoose, { type Connection, type Model } from 'mongoose';
import { pendingEventsFields } from '@turnbook/service-kit';
import type { WeekHours } from '@turnbook/domain';

export interface StoreSettingsDoc {
  turnsBlock: boolean;
  cancelAndText: boolean;
  autoTextOnApprove: boolean;
}

export interface StoreManagerDoc {
  userId: number;
  email: string;
}

export interface StoreDoc {
  _id: number;
  name: string;
  street: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  phone: string;
  /** unique; the calendar and booking URLs use it */
  permalink: string;
  username: string;
  ownerId: number;
  hours: WeekHours;
  /** 'PENDING' while its sign-in account is being made, 'ON', 'OFF' once removed (kept for history) */
  status: 'PENDING' | 'ON' | 'OFF';
  timezone: string;
  settings: StoreSettingsDoc;
  /** argon2 hash of the store's PIN (asked to leave kiosk mode); null until the owner sets one. */
  pinHash?: string | null;
  /** Franchise managers the owner granted: an admin's access to this store (docs/product/roles.md). */
  managers?: StoreManagerDoc[];
  created_at: Date;
  updated_at: Date;
}

// Timestamps are set by the repository, not mongoose: outbox bookkeeping writes must not move updated_at.
const schema = new mongoose.Schema<StoreDoc>(
  {
    _id: Number,
    name: String,
    street: String,
    address2: { type: String, default: '' },
    city: String,
    state: String,
    zip: String,
    email: String,
    phone: String,
    permalink: { type: String, required: true },
    username: String,
    ownerId: { type: Number, index: true },
    hours: mongoose.Schema.Types.Mixed,
    status: { type: String, default: 'PENDING' },
    timezone: String,
    settings: mongoose.Schema.Types.Mixed,
    pinHash: { type: String, default: null },
    managers: { type: [mongoose.Schema.Types.Mixed], default: undefined },
    created_at: Date,
    updated_at: Date,
    ...pendingEventsFields,
  },
  { versionKey: false, minimize: false },
);
// The guarantee behind "one store per permalink" (a unique index, not a read-then-write).
schema.index({ permalink: 1 }, { unique: true });
// The franchise locations a manager was granted (getFranchiseLocations).
schema.index({ 'managers.userId': 1 });

export function storeModel(db: Connection): Model<StoreDoc> {
  return (db.models.Store as Model<StoreDoc>) ?? db.model<StoreDoc>('Store', schema, 'stores');
}
