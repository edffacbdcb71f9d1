import { z } from 'zod';
import { Id } from './common';

/** The store's activity log: one entry per thing done to an appointment (docs/product/records.md). */

/** What the entry says happened; the spec's client sends a text and a record of the appointment. */
const AppointmentLog = z
  .union([z.string().max(5000), z.record(z.string(), z.unknown())], { error: 'must be text or an object' })
  .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
  .refine((v) => v.length <= 5000, 'is too long');

/** POST create-log and public_createLog (the booking page logs its request). */
export const CreateLogBody = z.object({
  app_type: z.literal('appointments', { error: "must be 'appointments'" }).optional().default('appointments'),
  storeId: Id,
  appointmentId: Id,
  text: z.string().trim().min(1, 'is required').max(1000).prefault(''),
  appointment_log: AppointmentLog.optional().default(''),
});
export type CreateLogBody = z.infer<typeof CreateLogBody>;
/** public_createLog: the booking page logs the request it made; without a token it names the account it registered. */
export const PublicCreateLogBody = CreateLogBody.extend({ userId: Id.optional() });
export type PublicCreateLogBody = z.infer<typeof PublicCreateLogBody>;

/** POST markRead: the caller has read the entry (user_id is the spec's; the caller is who counts). */
export const MarkReadBody = z.object({ log_id: Id, user_id: Id.optional() });

export const LogView = z.object({
  id: z.number(),
  storeId: z.number(),
  appointmentId: z.number(),
  text: z.string(),
  /** the appointment as the entry recorded it (JSON text) */
  appointment_log: z.string(),
  /** ids of the users who have read it, comma-separated */
  userIds: z.string(),
  /** whether the caller has read it (computed from userIds) */
  read: z.boolean(),
  /** who did it: a user id, 0 for the front desk, the kiosk or a customer online */
  createdBy: z.number(),
  created_at: z.string(),
});
export type LogView = z.infer<typeof LogView>;
export const LogResponse = z.object({ log: LogView });
export const LogsResponse = z.object({ logs: z.array(LogView) });
/** What the booking page gets back: the entry's id only (it may not read the store's log). */
export const PublicLogResponse = z.object({ log: z.object({ id: z.number() }) });

export { IdParams as AppointmentIdParams, StoreIdParams } from './scheduling';
