import mongoose, { type Connection, type Model } from 'mongoose';
import { pendingEventsFields } from '@turnbook/service-kit';
import type { AppointmentStatus } from '@turnbook/contracts/schemas/appointments';

/** What an appointment keeps of each booked service, so later catalogue edits do not rewrite history. */
export interface ServiceSnapshot {
  id: number;
  name: string;
  /** dollars, as answered */
  price: number;
  duration: number;
}

/**
 * One appointment record of the calendar. A day off is one with customerId 0 and serviceIds '0'
 * (docs/decisions.md). start/end are the spec's 12-hour strings; startMin/endMin are minutes since the store's
 * local midnight on `date`, for range queries and overlap checks.
 */
export interface AppointmentDoc {
  _id: number;
  storeId: number;
  staffId: number;
  customerId: number;
  serviceIds: string;
  services: ServiceSnapshot[];
  date: string;
  start: string;
  end: string;
  startMin: number;
  endMin: number;
  note: string;
  status: AppointmentStatus;
  createdBy: number;
  modifiedBy: number;
  /** integer cents */
  sale: number;
  /**
   * Names this appointment's claims on its staff member's steps (docs/product/availability.md); set on every
   * appointment written by the service.
   */
  holdKey?: string;
  /** an 'anyone' online request stays on 8888 and holds this staff member's time */
  claimStaffId?: number | null;
  /** the booking asked for a confirmation text (the wizard's toggle); the texts read it from the created event */
  sendConfirmation?: boolean;
  /** when the store last suggested a new time for this online request (docs/decisions.md) */
  suggestedAt?: Date | null;
  /**
   * An online request's account: the signed-in customer, or the account a guest registered in the same
   * booking flow (docs/product/guest-booking.md). Until that account's phone is verified, its list of
   * appointments is the requests made from it.
   */
  accountId?: number | null;
  /** the customer cancelled this online request themselves (its emails say so rather than 'declined') */
  cancelledByCustomer?: boolean;
  /** customer read model (filled by the calendar issue from customers' events) */
  customerFname?: string;
  customerLname?: string;
  customerPhone?: string;
  customerEmail?: string;
  customerStatus?: string;
  /** the sign-in sheet linked to it: a walk-in (docs/product/statuses.md); never counted as an online request */
  sheetId?: number | null;
  /** booked by POST appointment as PENDING: a walk-in whose sheet is on its way, never an online request */
  walkIn?: boolean;
  /** the customer's card on file (billing's id): billing charges the no-show fee to it (docs/product/deposits.md) */
  cardOnFile?: string;
  /**
   * Bumped by every change the repository writes: an edit writes onto the revision it read, and is applied
   * again to the latest one when another write came between (change-appointment.ts). Absent on records no
   * change has reached yet.
   */
  rev?: number;
  created_at: Date;
  updated_at: Date;
}

// Timestamps are set by the repository, not mongoose: outbox bookkeeping writes must not move updated_at.
const schema = new mongoose.Schema<AppointmentDoc>(
  {
    _id: Number,
    storeId: { type: Number, required: true },
    staffId: { type: Number, required: true },
    customerId: { type: Number, required: true },
    serviceIds: String,
    services: [mongoose.Schema.Types.Mixed],
    date: { type: String, required: true },
    start: String,
    end: String,
    startMin: Number,
    endMin: Number,
    note: { type: String, default: '' },
    status: { type: String, default: 'ON' },
    createdBy: { type: Number, default: 0 },
    modifiedBy: { type: Number, default: 0 },
    sale: { type: Number, default: 0 },
    holdKey: String,
    claimStaffId: { type: Number, default: null },
    sendConfirmation: Boolean,
    suggestedAt: { type: Date, default: null },
    accountId: { type: Number, default: null },
    cancelledByCustomer: Boolean,
    customerFname: String,
    customerLname: String,
    customerPhone: String,
    customerEmail: String,
    customerStatus: String,
    sheetId: { type: Number, default: null },
    walkIn: Boolean,
    cardOnFile: String,
    rev: Number,
    created_at: Date,
    updated_at: Date,
    ...pendingEventsFields,
  },
  { versionKey: false },
);
schema.index({ storeId: 1, date: 1 });
schema.index({ holdKey: 1 });
schema.index({ staffId: 1, customerId: 1, date: 1 });
schema.index({ storeId: 1, customerId: 1, date: -1 });
schema.index({ accountId: 1 }, { sparse: true });
// a customer's /appointments, by their verified phone
schema.index({ customerPhone: 1, date: -1 }, { sparse: true });
// the bell's requests, one status at a time
schema.index({ storeId: 1, status: 1 });

export function appointmentModel(db: Connection): Model<AppointmentDoc> {
  return (db.models.Appointment as Model<AppointmentDoc>) ?? db.model<AppointmentDoc>('Appointment', schema, 'appointments');
}
