import { z } from 'zod';
import {
  DAY_KEYS,
  couldBePermalink,
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
  LOOSE_EMAIL,
  normalizeGivenDays,
  normalizeWeekHours,
  normalizeWeeklyDaysOff,
  permalinkOf,
  toMinutes,
} from '@turnbook/domain';
import { MESSAGES } from '../errors/index';
import { Color, DateString, digitsText, Email, Id, NewPassword, numeric, Password, Phone, requiredText, text } from './common';
import { US_STATES } from '../us-states';

export { US_STATES };

/**
 * Scheduling: stores, services catalogue, staff and days off (docs/product/records.md, docs/product/validation.md, docs/product/calls.md). Field names are the
 * spec's. Answers wrap lists as { stores }, { services }, { employees }, { pto }, { appointments }.
 */

// ---------------------------------------------------------------------------------------------- stores


export const State = z
  .string()
  .trim()
  .toUpperCase()
  .refine((s) => (US_STATES as readonly string[]).includes(s), 'must be a two-letter US state code');
export const Zip = z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'must be a 5-digit zip code');
export const TimeZone = z.string().trim().refine(isValidTimeZone, 'must be an IANA time zone like America/New_York');

/**
 * Business hours, {mon..sun: '10:00 am-6:00 pm' | 'closed-closed'}, as an object or its JSON text (the
 * original client sent JSON text). Times are normalised to 'h:mm am'. A key other than mon..sun is refused.
 * `Hours` (a new store): a missing day is closed. `HoursPatch` (an edit): only the days given, merged into
 * the store's hours by the update, so sending Monday alone does not close the other six days.
 */
const hoursOf = <T>(normalize: (days: Record<string, string>) => { ok: true; value: T } | { ok: false; day: string; error: string }) =>
  z
    .union([z.string().max(2000), z.record(z.string(), z.unknown())], { error: 'must be an object with mon..sun' })
    .transform((v, ctx) => {
      let obj: unknown = v;
      if (typeof v === 'string') {
        try {
          obj = JSON.parse(v);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON with mon..sun' });
          return z.NEVER;
        }
      }
      if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
        ctx.addIssue({ code: 'custom', message: 'must be an object with mon..sun' });
        return z.NEVER;
      }
      const days = obj as Record<string, unknown>;
      const unknownDay = Object.keys(days).find((k) => !(DAY_KEYS as readonly string[]).includes(k));
      if (unknownDay !== undefined) {
        ctx.addIssue({ code: 'custom', path: [unknownDay], message: 'is not a day: use mon, tue, wed, thu, fri, sat or sun' });
        return z.NEVER;
      }
      for (const d of DAY_KEYS) {
        if (days[d] !== undefined && days[d] !== null && typeof days[d] !== 'string') {
          ctx.addIssue({ code: 'custom', path: [d], message: "must be 'open-close' text" });
          return z.NEVER;
        }
      }
      const r = normalize(days as Record<string, string>);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', path: [r.day], message: r.error });
        return z.NEVER;
      }
      return r.value;
    });
export const Hours = hoursOf(normalizeWeekHours);
export const HoursPatch = hoursOf(normalizeGivenDays);

/** The store-id-2 special cases of the spec, as switches an owner turns on (docs/architecture.md §3). */
export const StoreSettings = z.object({
  turnsBlock: z.boolean({ error: 'must be true or false' }).optional(),
  cancelAndText: z.boolean({ error: 'must be true or false' }).optional(),
  autoTextOnApprove: z.boolean({ error: 'must be true or false' }).optional(),
});

/** Lower-cased, as the spec's client does before sending (docs/product/validation.md). */
const lowerText = (max: number) => requiredText(max).toLowerCase();
const Username = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(100)
  .regex(/^[a-z0-9._@+-]+$/, 'may only have letters, digits and . _ @ + -');
/**
 * A permalink as a client sends it (the spec's client derives it from the name): made URL-safe the same way
 * as at creation (unsafe characters dropped, never refused). Whether it changes anything is the store's
 * rule (see docs/decisions.md, Scheduling: permalinks).
 */
export const Permalink = z.string().trim().min(1, 'is required').max(200).transform(permalinkOf);

export const StoreCreateBody = z
  .object({
    name: lowerText(120),
    street: lowerText(200),
    address2: text(200).toLowerCase().optional().default(''),
    city: lowerText(100),
    state: State,
    zip: Zip,
    email: Email,
    phone: Phone,
    hours: Hours.optional(),
    username: Username,
    password: NewPassword,
    password_confirmation: Password,
    timezone: TimeZone.optional().default(DEFAULT_TIME_ZONE),
    settings: StoreSettings.optional(),
    /** 'I also take appointments': the owner becomes a staff member of the new store at once (no invitation). */
    ownerTakesAppointments: z.boolean().optional(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: MESSAGES.passwordMismatch,
    path: ['password_confirmation'],
  });
export type StoreCreateBody = z.infer<typeof StoreCreateBody>;

/** A PIN (a store's, or a staff member's): 4-8 digits, typed as text or sent as a JSON number. */
export const Pin = digitsText('must be 4 to 8 digits').pipe(z.string().trim().regex(/^\d{4,8}$/, 'must be 4 to 8 digits'));

export const StorePatchBody = z.object({
  name: lowerText(120).optional(),
  street: lowerText(200).optional(),
  address2: text(200).toLowerCase().optional(),
  city: lowerText(100).optional(),
  state: State.optional(),
  zip: Zip.optional(),
  email: Email.optional(),
  phone: Phone.optional(),
  permalink: Permalink.optional(),
  hours: HoursPatch.optional(),
  username: Username.optional(),
  timezone: TimeZone.optional(),
  settings: StoreSettings.optional(),
  /** The store's PIN, asked when a tablet leaves kiosk mode (stored hashed, never answered). */
  PIN: Pin.optional(),
});
export type StorePatchBody = z.infer<typeof StorePatchBody>;

export const IdParams = z.object({ id: Id });
export const UserIdParams = z.object({ userId: Id });
export const StoreIdParams = z.object({ storeId: Id });
/** A permalink in a path: one permalinkOf could have made (NFKC, lower case), else 400 before any lookup. */
export const PermalinkParams = z.object({
  permalink: z.string().trim().transform((v) => v.normalize('NFKC').toLowerCase()).refine(couldBePermalink, 'is not a valid permalink'),
});

export const StoreView = z.object({
  id: z.number(),
  name: z.string(),
  street: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  email: z.string(),
  phone: z.string(),
  permalink: z.string(),
  /** the store's sign-in username: the owner's alone (002), left out for everyone else */
  username: z.string().optional(),
  ownerId: z.number(),
  /** {mon..sun: '10:00 am-6:00 pm' | 'closed-closed'} as an object (not JSON text) */
  hours: z.record(z.string(), z.string()),
  /** 'ON', or 'OFF' once removed */
  status: z.string(),
  timezone: z.string(),
  settings: z.object({ turnsBlock: z.boolean(), cancelAndText: z.boolean(), autoTextOnApprove: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StoreView = z.infer<typeof StoreView>;
/** What the public booking page may see of a store. */
export const PublicStoreView = StoreView.pick({
  id: true, name: true, street: true, address2: true, city: true, state: true, zip: true, email: true,
  phone: true, permalink: true, hours: true, status: true, timezone: true,
});
export type PublicStoreView = z.infer<typeof PublicStoreView>;
export const StoresResponse = z.object({ stores: z.array(StoreView) });
export const StoreResponse = z.object({ store: StoreView });

// -------------------------------------------------------------------------------------------- services

/** INTERNAL: staff only; EXTERNAL: customers only (kiosk, online booking); ALL: both. */
export const SERVICE_TYPES = ['INTERNAL', 'EXTERNAL', 'ALL'] as const;
export const ServiceType = z.string().trim().toUpperCase().pipe(z.enum(SERVICE_TYPES, { error: 'must be INTERNAL, EXTERNAL or ALL' }));
/** Minutes of one session. */
export const Duration = numeric(z.number().int('must be whole minutes').min(1, 'Please enter a duration').max(24 * 60, 'must be at most 1440 minutes'), 'Please enter a duration');
/** Dollars on the wire (the edit form's 'Price($)'), integer cents in the database. */
export const PriceDollars = numeric(
  z
    .number()
    .min(0, 'must not be negative')
    .max(100_000, 'must be at most 100000')
    // Stored as integer cents: a price is never rounded silently ($27.50 stays 2750 cents).
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must be dollars and cents (at most 2 decimals)'),
);
/** Our service icons, by number ('1'..'67'); the screens draw each from our own set. */
export const SERVICE_ICON_IDS = Array.from({ length: 67 }, (_, i) => String(i + 1)) as [string, ...string[]];
/** One of our icons, as a number or its text; never an image path or URL (a service icon is not a place to load anything from). */
export const Icon = z
  .union([z.number(), z.string().trim()], { error: 'Please choose an icon' })
  .transform((v) => String(v))
  .pipe(z.enum(SERVICE_ICON_IDS, { error: 'must be one of our icons (1 to 67)' }));
export const isServiceIcon = (v: unknown): v is string => typeof v === 'string' && (SERVICE_ICON_IDS as string[]).includes(v);
const ServiceColor = Color.transform((c) => c.replace(/^#/, ''));

export const ServiceCreateBody = z.object({
  storeId: Id,
  name: z.string().trim().min(1, 'Please give your service a name').max(120).prefault(''),
  duration: Duration.prefault(''),
  icon: Icon,
  type: ServiceType.optional().default('ALL'),
  price: PriceDollars.optional(),
  color: ServiceColor.optional(),
});
export type ServiceCreateBody = z.infer<typeof ServiceCreateBody>;

export const ServicePatchBody = z.object({
  name: z.string().trim().min(1, 'Please give your service a name').max(120).optional(),
  price: PriceDollars.optional(),
  duration: Duration.optional(),
  color: ServiceColor.optional(),
  icon: Icon.optional(),
  type: ServiceType.optional(),
});
export type ServicePatchBody = z.infer<typeof ServicePatchBody>;

export const SortIndexBody = z.object({ sortIndex: numeric(z.number().int().min(0).max(100_000)) });

export const ServiceView = z.object({
  id: z.number(),
  storeId: z.number(),
  name: z.string(),
  duration: z.number(),
  /** dollars, e.g. 25 or 27.5 */
  price: z.number(),
  /** the same price in integer cents */
  priceCents: z.number(),
  /** hex without '#', e.g. 'f9f9fa' */
  color: z.string(),
  icon: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: z.string(),
  sortIndex: z.number(),
});
export type ServiceView = z.infer<typeof ServiceView>;
export const ServicesResponse = z.object({ services: z.array(ServiceView) });
export const ServiceResponse = z.object({ service: ServiceView });

// ----------------------------------------------------------------------------------------------- staff

export const STAFF_ROLES = ['superadmin', 'admin', 'staff', 'limited', 'TBD', 'none'] as const;
export const ONLINE_BOOKING = ['ON', 'OFF', 'none'] as const;


export const StaffAddBody = z.discriminatedUnion(
  'hasAccount',
  [
    z.object({
      hasAccount: z.literal('hasAccount'),
      email: Email,
      userId: Id.optional(),
      storeId: Id,
      PIN: Pin.optional(),
    }),
    z.object({
      hasAccount: z.literal('noAccount'),
      nickname: z.string().trim().min(1, 'Please fill out your info').max(100).prefault(''),
      fname: text(100).toLowerCase().optional(),
      lname: text(100).toLowerCase().optional(),
      /** optional contact email; if it already has an account the answer is 'has account' */
      username: text(254).toLowerCase().optional(),
      /** with an email in `username`: the staff member's own sign-in (identity makes the account) */
      password: NewPassword.optional(),
      phone: z.union([z.literal(''), Phone]).optional(),
      color: Color.optional(),
      userId: Id.optional(),
      storeId: Id,
      PIN: Pin.optional(),
    }).refine((b) => !b.password || (!!b.username && LOOSE_EMAIL.test(b.username)), {
      message: 'must be an email address to sign in with',
      path: ['username'],
    }),
  ],
  { error: "must be 'hasAccount' or 'noAccount'" },
);
export type StaffAddBody = z.infer<typeof StaffAddBody>;

export const StaffsByUserParams = z.object({ userId: Id, storeId: Id });
export const RoleBody = z.object({ role: z.enum(STAFF_ROLES, { error: `must be one of ${STAFF_ROLES.join(', ')}` }) });
export const OnlineBookingBody = z.object({ online_booking: z.enum(ONLINE_BOOKING, { error: 'must be ON, OFF or none' }) });
export const PinChangeBody = z.object({
  oldPIN: digitsText().pipe(z.string().trim().max(8)).optional().default(''),
  newPIN: Pin,
  storeId: Id,
});
export const ScheduleBody = z.object({
  dayOff: z
    .string({ error: 'must be text like "mon tue"' })
    .max(100)
    .transform((v, ctx) => {
      const r = normalizeWeeklyDaysOff(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.error });
        return z.NEVER;
      }
      return r.value;
    }),
});

export const EmployeeView = z.object({
  id: z.number(),
  /** null for staff without an account */
  userId: z.number().nullable(),
  storeId: z.number(),
  fname: z.string(),
  lname: z.string(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** picture URL (same as profile_image) */
  url: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  online_booking: z.enum(ONLINE_BOOKING),
  /** weekdays NOT worked, 'mon tue' */
  dayOff: z.string(),
  sortIndex: z.number(),
  color: z.string(),
  profile_image: z.string().nullable(),
  archived: z.boolean(),
  hasPIN: z.boolean(),
});
export type EmployeeView = z.infer<typeof EmployeeView>;
/** What the public booking page may see of a staff member. */
export const PublicEmployeeView = EmployeeView.pick({
  id: true, storeId: true, fname: true, lname: true, nickname: true, url: true, profile_image: true,
  color: true, role: true, online_booking: true, dayOff: true, sortIndex: true,
});
export type PublicEmployeeView = z.infer<typeof PublicEmployeeView>;
export const EmployeesResponse = z.object({ employees: z.array(EmployeeView) });
export const EmployeeResponse = z.object({ employee: EmployeeView });

// --------------------------------------------------------------------------------- appointments, days off

export const APPOINTMENT_STATUSES = ['ON', 'CANCEL', 'APPROVED', 'PENDING', 'MODIFYING', 'REQUEST CANCEL'] as const;

/** '09:30 am' (or '9:30 am', or 24-hour '21:30'); the spec's alert texts when missing. */
export const time = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((v) => toMinutes(v) !== null, "must be a time like '09:30 am'")
    .prefault('');
/** Comma-joined service ids, '12,15' ('0' for a day off), as the client sends them. */
export const ServiceIds = z
  .union([z.string().max(500), z.number().int()], { error: 'must be comma-separated service ids' })
  .transform((v) => String(v).replace(/\s+/g, ''))
  .refine((v) => /^\d+(,\d+)*$/.test(v), 'must be comma-separated service ids');

const AppointmentStatusField = z.enum(APPOINTMENT_STATUSES, { error: `must be one of ${APPOINTMENT_STATUSES.join(', ')}` });
/**
 * Who booked or changed it. The spec's client sends its user id; the server records the caller instead
 * (0 for the front desk and the kiosk), so the value is accepted and never trusted.
 */
export const ActorId = Id.optional();

/**
 * POST appointment (docs/product/calls.md). A day off is customerId 0 and serviceIds '0'. A group booking
 * posts one per person; `appointmentId` names the group's first appointment (or the one rebooked), when any.
 */
export const AppointmentCreateBody = z.object({
  storeId: Id,
  staffId: Id,
  customerId: Id,
  serviceIds: ServiceIds,
  appointmentId: Id.nullable().optional(),
  date: z.string().trim().min(1, 'Please select a date').prefault('').pipe(DateString),
  start: time('Please select a start time'),
  end: time('Please select a end time'),
  note: text(1000).optional(),
  createdBy: ActorId,
  modifiedBy: ActorId,
  status: AppointmentStatusField.optional(),
  /** the front desk's 'send confirmation' choice: kept on the appointment and in its created event for the texts */
  sendConfirmation: z.boolean({ error: 'must be true or false' }).optional(),
  /** the customer's card on file (POST cardOnFile/save's id): a group of 3 or more holds one (docs/product/deposits.md) */
  cardOnFile: z.string().trim().max(255).regex(/^[\w-]+$/, 'must be a saved card').optional(),
});
export type AppointmentCreateBody = z.infer<typeof AppointmentCreateBody>;

/**
 * PATCH appointment/{id}: an edit (staffId, customerId, serviceIds, date, start, end, note, status), a
 * reschedule (start alone: the length is kept), a note, a reassignment (staffId, status) or a check-out
 * (note and sale), each with modifiedBy.
 */
export const AppointmentPatchBody = z.object({
  staffId: Id.optional(),
  date: DateString.optional(),
  start: time('Please select a start time').optional(),
  end: time('Please select a end time').optional(),
  note: text(1000).optional(),
  customerId: Id.optional(),
  serviceIds: ServiceIds.optional(),
  status: AppointmentStatusField.optional(),
  /** the check-out sale in dollars (cents kept, at most 2 decimals); stored as integer cents */
  sale: PriceDollars.optional(),
  modifiedBy: ActorId,
});
export type AppointmentPatchBody = z.infer<typeof AppointmentPatchBody>;

export const StoreCustomerParams = z.object({ storeId: Id, customerId: Id.refine((n) => n > 0, 'must be a customer id') });

export const AppointmentServiceView = z.object({ id: z.number(), name: z.string(), price: z.number(), duration: z.number() });
export const AppointmentView = z.object({
  id: z.number(),
  storeId: z.number(),
  staffId: z.number(),
  customerId: z.number(),
  /** comma-separated; '0' for a day off */
  serviceIds: z.string(),
  services: z.array(AppointmentServiceView),
  date: z.string(),
  /** 'hh:mm am' */
  start: z.string(),
  end: z.string(),
  /** minutes since the store's local midnight */
  startMin: z.number(),
  endMin: z.number(),
  note: z.string(),
  status: AppointmentStatusField,
  /** the user who booked it; 0 for the front desk, the kiosk and online requests */
  createdBy: z.number(),
  modifiedBy: z.number(),
  /** dollars (stored as cents); null when hidden from the caller (owner, admin and superadmin see every sale, other staff their own) */
  sale: z.number().nullable(),
  /** the staff member's nickname or first name (null when not a real staff member) */
  userFname: z.string().nullable(),
  nickname: z.string().nullable(),
  /** the customer as last heard from the customers service ('' for days off) */
  customerFname: z.string(),
  customerLname: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  customerStatus: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** MODIFYING because the store suggested this time: waiting for the customer, not for the store */
  suggested: z.boolean().optional(),
  /** the sign-in sheet linked to it (a walk-in is known by its sheet: Check in, never in the bell); null if none */
  sheetId: z.number().nullable(),
  /** the card on file it holds (docs/product/deposits.md); absent when none */
  cardOnFile: z.string().optional(),
});
export type AppointmentView = z.infer<typeof AppointmentView>;
export const AppointmentsResponse = z.object({ appointments: z.array(AppointmentView) });
/** A store's day on the calendar: the staff columns, unassigned (0, 9999), cancelled and online (8888). */
/**
 * One of the caller's own appointments at one of the stores they work at (a staff record there under their
 * account): what their calendar lists as their day across stores, each labelled with its store.
 */
export const MyDayAppointment = z.object({
  id: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  staffId: z.number(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  startMin: z.number(),
  status: z.string(),
  /** the services' names, comma-separated */
  services: z.string(),
  customerName: z.string(),
});
export const MyDayAcrossStoresResponse = z.object({ appointments: z.array(MyDayAppointment) });
export const StoreDateParams = z.object({ storeId: Id, date: DateString });
export const DayAppointmentsResponse = z.object({
  appointments: z.array(AppointmentView),
  appointmentsNull: z.array(AppointmentView),
  appointmentsCancel: z.array(AppointmentView),
  appointmentsOnline: z.array(AppointmentView),
});
export const PtoResponse = z.object({ pto: z.array(AppointmentView) });
export const AppointmentCreatedResponse = z.object({ appointment: AppointmentView });

/** POST verifyStorePIN: leaving kiosk mode on a tablet. */
export const VerifyStorePinBody = z.object({ storeId: Id, PIN: digitsText('Please enter the PIN').pipe(z.string().trim().min(1, 'Please enter the PIN').max(8)) });
/** A staff invitation's id (a random UUID: it appears in the mailed link). */
export const InvitationIdParams = z.object({ id: z.string().uuid('must be an invitation id') });
/** POST staff, Yes path: an invitation was mailed; nothing about the person comes back. */
export const StaffInvitedResponse = z.object({
  invitation: z.object({ id: z.string(), storeId: z.number(), status: z.literal('pending') }),
});
/** The owner's list of pending invitations (the email is the one the owner typed). */
export const StoreInvitationView = z.object({
  id: z.string(),
  email: z.string(),
  status: z.literal('pending'),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const StoreInvitationsResponse = z.object({ invitations: z.array(StoreInvitationView) });
/** What the invited person sees before accepting. */
export const InvitationResponse = z.object({
  invitation: z.object({
    id: z.string(),
    storeId: z.number(),
    storeName: z.string(),
    status: z.enum(['pending', 'accepted', 'expired']),
    expiresAt: z.string(),
  }),
});
