import { z } from 'zod';
import { toMinutes } from '@turnbook/domain';
import { DateString, Id, jsonOrValue, numeric, Phone, text, Time12View } from './common';
import { CreateCustomerBody } from './customers';
import { ServiceIds, time } from './scheduling';

/**
 * The front desk: the day's turn list and the walk-ins' sign-in sheets (docs/product/records.md,
 * docs/product/statuses.md, docs/product/calls.md).
 */

// ------------------------------------------------------------------------------------------- turns

/** A staff member's name as it stands in the turn list. */
const TurnName = z.string().trim().min(1, 'must not be empty').max(100);
/**
 * The turn order: staff names, first up first. Sent as a JSON list of names (the spec's client sends the
 * JSON text; an array is taken as well) and answered as an array.
 */
export const TurnStaffIds = jsonOrValue(z.array(TurnName, { error: 'must be a JSON list of staff names' }).max(200));

export const CreateTurnBody = z.object({
  storeId: Id,
  date: DateString,
  /** the spec's client sends an empty list: a new day starts empty */
  staffIds: TurnStaffIds.optional().default([]),
});
export const UpdateTurnBody = z.object({
  id: Id,
  staffIds: TurnStaffIds,
  /** why the order was changed by hand; the spec's client sends none (recorded as no reason given) */
  reason: text(200).optional(),
});

/** One staff member's standing in the day's turns: how many turns they took (halves count 0.5). */
export const TurnStanding = z.object({
  name: z.string(),
  /** the staff member's id when the name is one of the store's staff, else null */
  staffId: z.number().nullable(),
  turns: z.number().nonnegative(),
});
export const TurnView = z.object({
  id: z.number(),
  storeId: z.number(),
  date: z.string(),
  /** the turn order derived from the day's change log under the store's policy, first up first */
  staffIds: z.array(z.string()),
  updated_at: z.string(),
  /** every name in the list with its turns taken today, in list order */
  standing: z.array(TurnStanding),
  /** the newest entry of the day's change log (0: none yet) */
  seq: z.number().int().nonnegative(),
});
export type TurnView = z.infer<typeof TurnView>;
export const TurnResponse = z.object({ turn: TurnView });
export const TurnsResponse = z.object({ turns: z.array(TurnView) });

// ------------------------------------------------------------------------------------------ sheets

/** '02:30 pm' (or any time toMinutes reads), answered as 'hh:mm am'. */
const ClockTime = z
  .string()
  .trim()
  .max(20)
  .refine((v) => toMinutes(v) !== null, "must be a time like '02:30 pm'");

/**
 * The staff member(s) of a sheet: ids joined with ', ' ('10001, 10002'), as the spec's client sends them;
 * a number or an array of ids is taken too.
 */
export const SheetStaffIds = z
  .union([z.string().max(500), z.number().int(), z.array(numeric(z.number().int()))], { error: 'must be staff ids joined with ", "' })
  .transform((v) => (Array.isArray(v) ? v.join(', ') : String(v)))
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .refine((ids) => ids.every((s) => /^\d+$/.test(s)), 'must be staff ids joined with ", "')
  .transform((ids) => ids.join(', '));

/** A party of 1 to 8 people signing in together; `id` is the client's uuid, `index` this person's place in it. */
export const SheetParty = z
  .object({
    id: z.uuid({ error: 'must be a uuid' }),
    size: numeric(z.number().int().min(1, 'must be 1 to 8').max(8, 'must be 1 to 8')),
    index: numeric(z.number().int().min(1, 'must be 1 to 8').max(8, 'must be 1 to 8')),
  })
  .refine((p) => p.index <= p.size, { message: 'must not be more than size', path: ['index'] });
export type SheetParty = z.infer<typeof SheetParty>;
export const SheetPartyView = z.object({ id: z.string(), size: z.number(), index: z.number() });

/** POST sheet: a walk-in (or someone with an appointment) signs in at the kiosk. */
export const CreateSheetBody = z.object({
  storeId: Id,
  customer_name: z.string().trim().min(1, 'is required').max(200).prefault(''),
  customer_phone: z.union([z.literal(''), Phone]).optional().default(''),
  /** the services asked for, as the kiosk shows them (names joined with ', ') */
  service_by_customer: text(1000).optional().default(''),
  /** the staff member asked for ('' for anyone) */
  staff_by_customer: text(200).optional().default(''),
  date: DateString,
  arrived_time: ClockTime,
  /** the appointment the sheet stands for (the walk-in's, or the one looked up) */
  appointment_id: Id.nullable().optional(),
  /** a party signing in together: one sheet per person, shown as one party card */
  party: SheetParty.optional(),
});
export type CreateSheetBody = z.infer<typeof CreateSheetBody>;

/**
 * PATCH sheet/{id}: check-in sends {staffId, staff_fname, checked}; Update sends {staffId, staff_fname,
 * note}; a note alone is a note. One staff member to check in (several only on Update).
 */
export const PatchSheetBody = z.object({
  staffId: SheetStaffIds.optional(),
  staff_fname: text(500).optional(),
  checked: ClockTime.nullable().optional(),
  note: text(1000).optional(),
});
export type PatchSheetBody = z.infer<typeof PatchSheetBody>;

export const SheetView = z.object({
  id: z.number(),
  storeId: z.number(),
  customer_name: z.string(),
  /** 10 digits, '' when none was given */
  customer_phone: z.string(),
  service_by_customer: z.string(),
  staff_by_customer: z.string(),
  date: z.string(),
  arrived_time: Time12View,
  appointment_id: z.number().nullable(),
  /** check-in time, null until checked in */
  checked: Time12View.nullable(),
  /** '10001, 10002'; '' while nobody serves */
  staffId: z.string(),
  /** the serving staff members' names, joined with ', ' */
  staff_fname: z.string(),
  /** the first serving staff member's nickname and first name, null while nobody serves */
  nickname: z.string().nullable(),
  userFname: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** the party this person signed in with, null when alone */
  party: SheetPartyView.nullable(),
  /** what the check-in counted in the turns (1 full, 0.5 half, 0 not counted); null until checked in */
  turnWeight: z.number().nullable(),
});
export type SheetView = z.infer<typeof SheetView>;
export const SheetResponse = z.object({ sheet: SheetView });

/** A sheet's place in the day's line: 1-based among the sheets not yet served, and the estimated wait. */
export const QueuePlace = z.object({ place: z.number().int().positive(), waitMinutes: z.number().int().nonnegative() });
/** POST sheet: the sheet and where its person stands in line (the kiosk's thank-you page). */
export const CreateSheetResponse = z.object({
  sheet: SheetView,
  /** the walk-in's place in line; null for a booked appointment's sheet (not in the walk-in line) */
  queue: QueuePlace.nullable(),
  /** the appointment was signed in before: `sheet` is that first sheet (answered 200, nothing written) */
  alreadySignedIn: z.boolean().optional(),
});
/**
 * POST sheets/sign-in: one person's sign-in in one call (docs/decisions.md, "Walk-in sign-in in one call"):
 * the sheet as POST sheet takes it, and for a walk-in whose appointment is not written yet, `walkIn`: who
 * they are (their customer is found by phone and name or made) and the appointment's services and times
 * (a PENDING appointment on the walk-in column, start rounded to 15 minutes). With `appointment_id` the
 * sheet links that appointment (a booked one looked up, or a walk-in's written before).
 */
export const SignInCommandBody = CreateSheetBody.extend({
  walkIn: z
    .object({
      customer: CreateCustomerBody.pick({ fname: true, lname: true }).extend({ phone: Phone }),
      serviceIds: ServiceIds,
      start: time('Please select a start time'),
      end: time('Please select a end time'),
    })
    .optional(),
}).refine((b) => !(b.walkIn && b.appointment_id != null), { message: 'must not name an appointment for a walk-in to book', path: ['appointment_id'] });
export type SignInCommandBody = z.infer<typeof SignInCommandBody>;
/** POST sheet's answer, with the appointment the sheet links and the walk-in's customer (null when none). */
export const SignInCommandResponse = CreateSheetResponse.extend({ appointmentId: z.number().nullable(), customerId: z.number().nullable() });

/** The kiosk's view of the line: counts and waits only, no names or phones. */
export const QueueResponse = z.object({
  /** walk-ins signed in and not yet served (people signed in for a booked appointment are not in the line) */
  waiting: z.number().int().nonnegative(),
  /** the estimated wait of someone signing in now */
  waitMinutes: z.number().int().nonnegative(),
  places: z.array(z.object({ sheetId: z.number(), place: z.number().int().positive(), waitMinutes: z.number().int().nonnegative() })),
});
export const SheetsResponse = z.object({ sheets: z.array(SheetView) });

export const SheetIdParams = z.object({ id: Id });
export { StoreDateParams as SheetsByDateParams } from './scheduling';
export const SheetByPhoneParams = z.object({ storeId: Id, phone: Phone });
export { StoreDateParams as TurnsByDateParams } from './scheduling';

// ------------------------------------------------------------------------------ turn policy, skills

/**
 * How a store counts turns (docs/product/statuses.md). The defaults are the spec's rule: a check-in moves
 * the staff member to the end of the list, every check-in counts, nobody is skipped.
 * - rotation 'spec': the list order as check-ins and manual moves leave it; 'fair': fewest turns first, ties
 *   in list order.
 * - halfTurnBelowCents: services cheaper than this (in cents, together) make a half turn; two halves make one.
 * - countAppointments / countRequested: a check-in of a booked appointment / of a walk-in who asked for that
 *   staff member counts as a turn (off: it does not move the list).
 * - skipBusy / skipUnskilled: 'suggest next' passes over staff busy now / who do not do the services asked.
 */
export const TurnPolicy = z.object({
  rotation: z.enum(['spec', 'fair'], { error: "must be 'spec' or 'fair'" }),
  halfTurnBelowCents: z.number({ error: 'must be a number of cents or null' }).int().positive().max(10_000_000).nullable(),
  countAppointments: z.boolean({ error: 'must be true or false' }),
  countRequested: z.boolean({ error: 'must be true or false' }),
  skipBusy: z.boolean({ error: 'must be true or false' }),
  skipUnskilled: z.boolean({ error: 'must be true or false' }),
});
export type TurnPolicy = z.infer<typeof TurnPolicy>;
export const TurnPolicyResponse = z.object({ policy: TurnPolicy });
export const StoreIdParams = z.object({ storeId: Id });
export const StaffIdParams = z.object({ id: Id });

/** The services a staff member does; an empty list means every service. */
export const StaffSkillsBody = z.object({
  serviceIds: z.array(Id, { error: 'must be a list of service ids' }).max(500),
});
export const StaffSkill = z.object({ staffId: z.number(), serviceIds: z.array(z.number()) });
export const StaffSkillsResponse = z.object({ skills: z.array(StaffSkill) });
export const StaffSkillResponse = z.object({ skill: StaffSkill });

// ------------------------------------------------------------------------------ history, suggest-next

export const TURN_ENTRY_KINDS = ['created', 'checkin', 'reorder', 'undo-checkin'] as const;
export type TurnEntryKind = (typeof TURN_ENTRY_KINDS)[number];
/** One change of the day's turns, who made it, when and why, and the order it left. */
export const TurnHistoryEntry = z.object({
  seq: z.number().int().positive(),
  /** ISO time */
  at: z.string(),
  /** the user who made the change; id 0 and name 'store' for the front desk, 'kiosk' for the kiosk */
  by: z.object({ id: z.number(), name: z.string() }),
  kind: z.enum(TURN_ENTRY_KINDS),
  /** the staff member checked in (or whose check-in was undone); null for other kinds */
  staff: z.object({ id: z.number().nullable(), name: z.string() }).nullable(),
  /** what a check-in counted (1, 0.5, 0); null for other kinds */
  weight: z.number().nullable(),
  /** the sheet of a check-in or undo */
  sheetId: z.number().nullable(),
  /** why the order was changed by hand; null when no reason was given */
  reason: z.string().nullable(),
  /** the turn order after this change */
  order: z.array(z.string()),
});
export type TurnHistoryEntry = z.infer<typeof TurnHistoryEntry>;
export const TurnHistoryResponse = z.object({ entries: z.array(TurnHistoryEntry) });

/** suggestNextStaff: the services the walk-in asked for ('1,2'; none: any service). */
export const SuggestNextQuery = z.object({
  serviceIds: z
    .string()
    .trim()
    .max(500)
    .optional()
    .default('')
    .refine((v) => v === '' || /^\d+(\s*,\s*\d+)*$/.test(v), 'must be service ids joined with ","')
    .transform((v) => (v === '' ? [] : v.split(',').map((s) => Number(s.trim())))),
});
export const StaffSuggestion = z.object({ staffId: z.number(), name: z.string(), reason: z.string() });
/** Who is next for a walk-in, first the pick; `skipped` says who was passed over and why. */
export const SuggestNextResponse = z.object({ suggestions: z.array(StaffSuggestion), skipped: z.array(StaffSuggestion) });
