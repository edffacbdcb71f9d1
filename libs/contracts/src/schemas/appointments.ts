import { z } from 'zod';
import { digitsOnly } from '@turnbook/domain';
import { DateString, Email, Id, numeric, Phone, text, Time12View } from './common';
import { SCHEDULING_MESSAGES } from '../errors/scheduling';
import { CreateCustomerBody } from './customers';
import {
  ActorId,
  APPOINTMENT_STATUSES,
  AppointmentCreateBody,
  AppointmentServiceView,
  AppointmentView,
  IdParams,
  PriceDollars,
  ServiceIds,
  StoreDateParams,
  StoreIdParams,
  time,
} from './scheduling';

/**
 * The calendar's appointments, online requests and the customer's own appointments (docs/product/records.md,
 * docs/product/statuses.md, docs/product/calls.md). The staff-side record is `AppointmentView` (scheduling
 * schemas), one shape for every staff read; these are the calls built on it.
 */

export { APPOINTMENT_STATUSES, AppointmentView };
export const AppointmentStatus = z.enum(APPOINTMENT_STATUSES, { error: `must be one of ${APPOINTMENT_STATUSES.join(', ')}` });
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

/**
 * The check-out sale: dollars on the wire, as the spec's check-out sends it (it rounds to whole dollars;
 * we keep cents, at most two decimals), stored as integer cents.
 */
export const SaleDollars = PriceDollars;


// ------------------------------------------------------------------------------------------ params

export { IdParams as AppointmentIdParams, StoreDateParams, StoreIdParams };
export const StoreStaffDateParams = z.object({ storeId: Id, staffId: Id, date: DateString });

/**
 * The phone of approveAppointment/{id}/{phone}: the customer's, for the approval text and the customer's
 * live channel. A request made without a phone sends 'null' (or nothing usable): that is no phone.
 */
export const ApprovePhone = z
  .string()
  .max(20)
  .transform((v) => (['', 'null', 'undefined'].includes(v.trim().toLowerCase()) ? null : digitsOnly(v)))
  .refine((v) => v === null || v.length === 10, 'must have 10 digits');
export const ApproveParams = z.object({ id: Id, phone: ApprovePhone });
/** `overlaps=accept`: the approver was shown the overlaps of a first refusal (wouldOverlap) and approves anyway. */
export const ApproveQuery = z.object({ overlaps: z.enum(['accept'], { error: "must be 'accept'" }).optional() });

/**
 * suggestAppointmentTime/{id}: the store answers an online request with another time (docs/decisions.md):
 * the request moves there as MODIFYING, holding the new time, and waits for its customer. staffId: another
 * staff member (or 8888, anyone); the request's own by default.
 */
export const SuggestTimeBody = z.object({
  date: DateString,
  start: time('Please select a start time'),
  staffId: Id.optional(),
  modifiedBy: ActorId,
});

/** The kiosk's lookups: today's appointments by the customer's last name, phone or email. */
export const LOOKUP_TYPES = ['lname', 'phone', 'email'] as const;
export const AppointmentsByTypeParams = z
  .object({
    type: z.enum(LOOKUP_TYPES, { error: 'must be lname, phone or email' }),
    storeId: Id,
    value: z.string().trim().min(1, 'is required').max(254),
    date: DateString,
  })
  .superRefine((p, ctx) => {
    if (p.type === 'phone' && digitsOnly(p.value).length !== 10) ctx.addIssue({ code: 'custom', path: ['value'], message: 'must have 10 digits' });
    if (p.type === 'email' && !Email.safeParse(p.value).success) ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be an email address' });
  })
  .transform((p) => ({ ...p, value: p.type === 'phone' ? digitsOnly(p.value) : p.value.toLowerCase() }));

// ------------------------------------------------------------------------------------------ bodies

/** POST migrateAppointments (super admin): move a store's appointments from one staff member to another. */
export const MigrateAppointmentsBody = z
  .object({ storeId: Id, source: Id, dest: Id })
  .refine((b) => b.source !== b.dest, { message: SCHEDULING_MESSAGES.migrationSameStaff, path: ['dest'] });

/** POST public_bookAppointmentOnline: an online request, always PENDING. */
export const OnlineBookingBody = z.object({
  storeId: Id,
  /** 8888 when the customer asked for anyone */
  staffId: Id,
  customerId: Id.refine((n) => n > 0, 'must be a customer id'),
  serviceIds: ServiceIds,
  date: z.string().trim().min(1, 'Please select a date').prefault('').pipe(DateString),
  start: time('Please select a start time'),
  end: time('Please select a end time'),
  note: text(1000).optional().default(''),
  /** sent by the spec's client; the server reads the store itself */
  storeName: text(200).optional(),
  storeEmail: text(254).optional(),
  /** where the 'request received' mail goes */
  email: z.union([z.literal(''), Email]).optional(),
  appointmentId: z.unknown().optional(),
  /** Without a token: the account the visitor has just registered in this booking flow (its phone is the customer's). */
  userId: Id.optional(),
  createdBy: ActorId,
  modifiedBy: ActorId,
  status: z.literal('PENDING', { error: 'must be PENDING' }).optional().default('PENDING'),
  /** the card on file the request holds (POST cardOnFile/save's id), when the store asks for one */
  cardOnFile: z.string().trim().max(255).regex(/^[\w-]+$/, 'must be a saved card').optional(),
});
export type OnlineBookingBody = z.infer<typeof OnlineBookingBody>;

/**
 * POST public_requestAppointment: the booking page's request in one call (docs/decisions.md, "Guest request
 * in one call"): POST public_bookAppointmentOnline's body with the person instead of a customer id. The
 * customer is the store's record of the account's phone, found or made (tied to the account) by the server.
 */
export const RequestAppointmentBody = OnlineBookingBody.omit({ customerId: true }).extend({
  customer: CreateCustomerBody.pick({ fname: true, lname: true, email: true }),
});
export type RequestAppointmentBody = z.infer<typeof RequestAppointmentBody>;

/**
 * POST public_updateAppointmentOnline: the customer moves their request; it becomes MODIFYING at once. With
 * status APPROVED and the store's suggested time unchanged, the customer accepts that suggestion.
 */
export const OnlineUpdateBody = z.object({
  id: Id,
  staffId: Id,
  serviceIds: ServiceIds,
  date: z.string().trim().min(1, 'Please select a date').prefault('').pipe(DateString),
  start: time('Please select a start time'),
  end: time('Please select a end time'),
  note: text(1000).optional(),
  status: z.enum(['MODIFYING', 'APPROVED'], { error: 'must be MODIFYING, or APPROVED to accept a suggested time' }).optional().default('MODIFYING'),
});
export type OnlineUpdateBody = z.infer<typeof OnlineUpdateBody>;

// --------------------------------------------------------------------------------------- answers

/**
 * Another live appointment of the same staff member that a staff booking overlaps (allowed, but named).
 * `storeId` is there when it is at another store the same person works at (their staff record there).
 */
export const Overlap = z.object({ appointmentId: z.number(), staffId: z.number(), date: z.string(), start: z.string(), end: z.string(), storeId: z.number().optional() });
/**
 * One appointment after a write. `overlaps` is there when the write put it over another live appointment of
 * the same staff member (staff may overbook; the screen shows it and the activity log records it).
 * `notice` is there when the write named the TBD placeholder and was filed under Unassigned instead
 * (MESSAGES.bookedUnassigned).
 */
export const AppointmentWriteResponse = z.object({ appointment: AppointmentView, overlaps: z.array(Overlap).optional(), notice: z.string().optional() });
export const AppointmentListResponse = z.object({ appointments: z.array(AppointmentView) });

/** The most people one group booking writes (a salon party; the wizard offers far fewer). */
export const GROUP_MAX_MEMBERS = 20;
/** One person of a group booking: a POST appointment body without the store (the group names it once). */
export const GroupMember = AppointmentCreateBody.omit({ storeId: true }).refine((m) => !(m.customerId === 0 && m.serviceIds === '0'), {
  message: 'must be a booking, not a day off',
  path: ['serviceIds'],
});
/**
 * POST appointments/group: every person of a group in one call, all booked or none (docs/decisions.md,
 * "Group booking in one call"). Each member is checked as one POST appointment would be; a refused one is
 * named by its place (`members.2.start`).
 */
export const GroupBookingBody = z.object({
  storeId: AppointmentCreateBody.shape.storeId,
  members: z.array(GroupMember).min(1, 'must name at least one person').max(GROUP_MAX_MEMBERS, `must name at most ${GROUP_MAX_MEMBERS} people`),
});
export type GroupBookingBody = z.infer<typeof GroupBookingBody>;
/** One answer per member, in the order sent, each as POST appointment answers it. */
export const GroupBookingResponse = z.object({ appointments: z.array(AppointmentWriteResponse) });

/** getAppointmentsById: the one appointment, in the group the calendar files it under (the others empty). */
export const AppointmentByIdResponse = z.object({
  appointments: z.array(AppointmentView),
  appointmentsNull: z.array(AppointmentView),
  appointmentsOnline: z.array(AppointmentView),
});
/** One staff member's column for a day, with the day's unassigned appointments (staff 0 and 9999). */
export const StaffDayResponse = z.object({ appointments: z.array(AppointmentView), appointmentsNull: z.array(AppointmentView) });

/**
 * What the kiosk shows a customer looking up today's appointment: first name, last initial, masked phone,
 * services and time; nothing else (an exact match on one customer only).
 */
export const KioskAppointmentView = z.object({
  id: z.number(),
  staffId: z.number(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  status: AppointmentStatus,
  services: z.array(AppointmentServiceView.pick({ id: true, name: true, duration: true })),
  customerId: z.number(),
  customerFname: z.string(),
  /** the last name's initial */
  customerLname: z.string().max(1),
  /** '(***) ***-1234' */
  customerPhone: z.string(),
  /** the staff member's display name, '' for anyone */
  userFname: z.string(),
  /** an online request the store has not approved yet (PENDING, MODIFYING): the door must not show it as booked */
  awaitingApproval: z.boolean(),
  /** already signed in today (it has a sign-in sheet): a second sign-in answers the first sheet */
  signedIn: z.boolean(),
});
export const KioskLookupResponse = z.object({ appointments: z.array(KioskAppointmentView), appointmentsNull: z.array(KioskAppointmentView) });

/** What the public booking page sees of a day: busy times only, no customers, no notes. */
export const BusyTimeView = z.object({
  staffId: z.number(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  startMin: z.number(),
  endMin: z.number(),
});
export const PublicDayResponse = z.object({ appointments: z.array(BusyTimeView), appointmentsOnline: z.array(BusyTimeView) });

/** An appointment as its customer sees it (/appointments): no sale, no notes of the staff. */
export const CustomerAppointmentView = z.object({
  id: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  permalink: z.string(),
  /** the store's IANA zone: the appointment's date is a day there (what is upcoming and what is past) */
  timezone: z.string(),
  /** 8888 when they asked for anyone */
  staffId: z.number(),
  /** the requested staff member's display name, null for anyone */
  userFname: z.string().nullable(),
  nickname: z.string().nullable(),
  /** the staff member's Online Booking flag (ON, OFF, none); null for anyone */
  online_booking: z.string().nullable(),
  customerId: z.number(),
  serviceIds: z.string(),
  services: z.array(AppointmentServiceView),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  /** the customer's own note */
  note: z.string(),
  status: AppointmentStatus,
  created_at: z.string(),
  updated_at: z.string(),
  /** a new time the store suggested, waiting for this customer to accept (APPROVED) or decline (cancel) */
  suggested: z.boolean().optional(),
});
export type CustomerAppointmentView = z.infer<typeof CustomerAppointmentView>;
export const CustomerAppointmentResponse = z.object({ appointment: CustomerAppointmentView });
/** The request, and the store's customer it was made for. */
export const RequestAppointmentResponse = CustomerAppointmentResponse.extend({ customerId: z.number() });
/** public_getAppointmentById: appointments[0] is the one asked for. */
export const CustomerAppointmentsResponse = z.object({ appointments: z.array(CustomerAppointmentView) });
/** public_getAppointmentsByCustomerPhoneNumber: one list per store, each newest first. */
export const CustomerStoresResponse = z.object({ stores: z.array(z.array(CustomerAppointmentView)) });

export const MigrateAppointmentsResponse = z.object({ success: z.literal(true), moved: z.number().int().nonnegative() });

// ----------------------------------------------------------------------------------- availability

/** Who asks for time: staff booking (may overbook, conflicts marked) or online booking (free slots only). */
export const AVAILABILITY_MODES = ['staff', 'online'] as const;
export type AvailabilityMode = (typeof AVAILABILITY_MODES)[number];
/** Online booking's question (public): free slots only. */
export const AvailabilityQuery = z.object({
  serviceIds: ServiceIds,
  /** a staff member, or 8888 / 0 / absent for anyone */
  staffId: Id.optional(),
  /** a customer's modify: that appointment's own time does not count as busy */
  appointmentId: Id.optional(),
  /** the customer whose favourite staff member may be offered (book with favourite) */
  customerId: Id.optional(),
});
/** Staff booking's question (store members): every start, conflicts marked; who is busy is not public. */
export const StaffAvailabilityQuery = AvailabilityQuery.omit({ customerId: true });
export const AvailabilitySlot = z.object({
  start: Time12View,
  startMin: z.number().int().nonnegative(),
  /** a staff member is free for the whole length */
  free: z.boolean(),
  /** the free staff member ('anyone': the one picked), null when none is free */
  staffId: z.number().nullable(),
});
export type AvailabilitySlot = z.infer<typeof AvailabilitySlot>;
export const AvailabilityResponse = z.object({
  date: z.string(),
  /** minutes the chosen services take together */
  duration: z.number().int().positive(),
  /** 'the store is closed that day', 'outside the booking window' and the like leave `slots` empty */
  slots: z.array(AvailabilitySlot),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/**
 * The booking page's strip of days (availabilityDays): how many free starts each of `days` dates from
 * `date` has for the same question, in one call instead of one per day.
 */
export const AVAILABILITY_DAYS_MAX = 21;
export const AvailabilityDaysQuery = AvailabilityQuery.extend({
  days: numeric(z.number().int().min(1).max(AVAILABILITY_DAYS_MAX)).default(14),
});
export const AvailabilityDaysResponse = z.object({
  days: z.array(z.object({ date: z.string(), duration: z.number().int().positive(), free: z.number().int().nonnegative() })),
});

export const PhoneParams = z.object({ phone: Phone });
