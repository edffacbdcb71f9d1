import { z } from 'zod';
import { toMinutes } from '@turnbook/domain';
import { DateString, Id, jsonOrValue, Phone, text, Time12View } from './common';

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

export const TurnView = z.object({
  id: z.number(),
  storeId: z.number(),
  date: z.string(),
  staffIds: z.array(z.string()),
  updated_at: z.string(),
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
  .union([z.string().max(500), z.number().int(), z.array(z.coerce.number().int())], { error: 'must be staff ids joined with ", "' })
  .transform((v) => (Array.isArray(v) ? v.join(', ') : String(v)))
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .refine((ids) => ids.every((s) => /^\d+$/.test(s)), 'must be staff ids joined with ", "')
  .transform((ids) => ids.join(', '));

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
});
export type SheetView = z.infer<typeof SheetView>;
export const SheetResponse = z.object({ sheet: SheetView });
export const SheetsResponse = z.object({ sheets: z.array(SheetView) });

export const SheetIdParams = z.object({ id: Id });
export { StoreDateParams as SheetsByDateParams } from './scheduling';
export const SheetByPhoneParams = z.object({ storeId: Id, phone: Phone });
export { StoreDateParams as TurnsByDateParams } from './scheduling';
