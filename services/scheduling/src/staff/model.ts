import mongoose, { type Connection, type Model } from 'mongoose';
import { pendingEventsFields } from '@turnbook/service-kit';
import type { StaffRole } from '@turnbook/domain';

export type OnlineBooking = 'ON' | 'OFF' | 'none';

/** One staff record of a person: a user account has one at each store they work at. */
export interface StaffRecordRef {
  staffId: number;
  storeId: number;
}

export interface EmployeeDoc {
  _id: number;
  storeId: number;
  /** the user account, or null for staff without one */
  userId: number | null;
  /**
   * `u:<userId>` for account staff, `n:<uuid>` otherwise. Unique per store: the guarantee behind
   * 'employee existed' even when two adds race (a unique index on a nullable userId would collide on null).
   */
  memberKey: string;
  fname: string;
  lname: string;
  nickname: string;
  email: string;
  phone: string;
  url: string | null;
  profile_image: string | null;
  color: string;
  role: StaffRole;
  online_booking: OnlineBooking;
  dayOff: string;
  sortIndex: number;
  pinHash: string | null;
  archived: boolean;
  /**
   * When the user's details on this record were last true (`occurredAt|seq` of the `user.updated` that set
   * them, or the time they were read from identity): an older event never overwrites newer details.
   */
  userVersion?: string | null;
  /**
   * The token of the last write that changed the store's membership: that write's mark
   * (memberships/membership-marks.ts) is cleared by a snapshot that read it here.
   */
  _membershipStale?: string;
  created_at: Date;
  updated_at: Date;
}

// Timestamps are set by the repository, not mongoose: outbox bookkeeping writes must not move updated_at.
const schema = new mongoose.Schema<EmployeeDoc>(
  {
    _id: Number,
    storeId: { type: Number, required: true },
    userId: { type: Number, default: null, index: true },
    memberKey: { type: String, required: true },
    fname: { type: String, default: '' },
    lname: { type: String, default: '' },
    nickname: { type: String, default: '' },
    email: { type: String, default: '' },
    phone: { type: String, default: '' },
    url: { type: String, default: null },
    profile_image: { type: String, default: null },
    color: String,
    role: { type: String, default: 'staff' },
    online_booking: { type: String, default: 'ON' },
    dayOff: { type: String, default: '' },
    sortIndex: { type: Number, default: 0 },
    pinHash: { type: String, default: null },
    archived: { type: Boolean, default: false },
    userVersion: { type: String, default: null },
    _membershipStale: String,
    created_at: Date,
    updated_at: Date,
    ...pendingEventsFields,
  },
  { versionKey: false },
);
schema.index({ storeId: 1, memberKey: 1 }, { unique: true });
schema.index({ storeId: 1, archived: 1, sortIndex: 1 });

export function employeeModel(db: Connection): Model<EmployeeDoc> {
  return (db.models.Employee as Model<EmployeeDoc>) ?? db.model<EmployeeDoc>('Employee', schema, 'employees');
}
