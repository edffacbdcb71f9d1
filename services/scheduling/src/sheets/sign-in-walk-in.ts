import { ONLINE_COLUMN } from '@turnbook/domain';
import type { SignInCommandBody } from '@turnbook/contracts/schemas/frontdesk';
import { AppError, reply, type Reply } from '@turnbook/service-kit';
import { checkBooking, finishBooking, insertBooking, type BookAppointmentDeps, type CheckedBooking } from '../appointments/book-appointment';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentRepository } from '../appointments/repository';
import type { CustomersClient } from '../clients/customers-client';
import { signIn, type SignInDeps } from './sign-in';

/** The walk-in's record: on the walk-in column with this note (docs/product/statuses.md: walk-ins). */
export const WALK_IN_NOTE = 'Walk in';

export type SignInWalkInDeps = SignInDeps &
  BookAppointmentDeps & {
    appointments: Pick<AppointmentRepository, 'delete'>;
    customers: Pick<CustomersClient, 'walkIn'>;
  };

type Answer = Awaited<ReturnType<typeof signIn>>['body'] & { appointmentId: number | null; customerId: number | null };

/**
 * POST sheets/sign-in: one person signs in at the kiosk (or the front desk's wizard) in one call. A walk-in
 * whose appointment is not written yet gets it here: the booking is checked first (a refused field writes
 * nothing), the customer is found by phone and name or made (customers' internal call: asked again on a
 * retry, it finds the same one), then the PENDING appointment on the walk-in column and the sheet. A sheet
 * that cannot be written takes the appointment back. The route's Idempotency-Key (the kiosk's outbox keeps
 * one per person) makes a retry answer the first answer; a retry after a crash finds what the first attempt
 * wrote (its numbered inserts are bound to the key).
 */
export async function signInWalkIn(deps: SignInWalkInDeps, body: SignInCommandBody, from: { signInDevice: boolean; kiosk: boolean }): Promise<Reply<Answer>> {
  const { walkIn, ...sheet } = body;
  if (!walkIn) {
    const signed = await signIn(deps, sheet);
    return reply({ ...signed.body, appointmentId: sheet.appointment_id ?? null, customerId: null }, signed.status);
  }
  const booking = { storeId: body.storeId, staffId: ONLINE_COLUMN, serviceIds: walkIn.serviceIds, date: body.date, start: walkIn.start, end: walkIn.end, note: WALK_IN_NOTE, status: 'PENDING' as const };
  const checked = await checkBooking(deps, 0, { ...booking, customerId: 0 }, from).catch((err: unknown) => {
    throw asWalkInField(err);
  });
  const customerId = await deps.customers.walkIn({ storeId: body.storeId, ...walkIn.customer, kiosk: from.kiosk });
  const forCustomer = await withCustomer(deps, checked, customerId);
  const appointment = await insertBooking(deps, forCustomer);
  let signed: Awaited<ReturnType<typeof signIn>>;
  try {
    signed = await signIn(deps, { ...sheet, appointment_id: appointment._id });
  } catch (err) {
    // Its created event went out with it: the deleted event follows, so every reader drops it again.
    await deps.appointments.delete(appointment._id, appointmentEvent(deps.bus, 'appointment.deleted', appointment));
    throw err;
  }
  await finishBooking(deps, 0, forCustomer, appointment, [appointment._id]);
  return reply({ ...signed.body, appointmentId: appointment._id, customerId }, signed.status);
}

/** A refused field of the walk-in's booking, named where the body has it (`walkIn.start`). */
const WALK_IN_FIELDS = new Set(['serviceIds', 'start', 'end']);
const asWalkInField = (err: unknown) => (err instanceof AppError && err.field && WALK_IN_FIELDS.has(err.field) ? new AppError(err.code, err.message, `walkIn.${err.field}`) : err);

/** The checked booking made the customer's, with their details as scheduling last heard of them. */
async function withCustomer(deps: SignInWalkInDeps, checked: CheckedBooking, customerId: number): Promise<CheckedBooking> {
  const customer = await deps.customerCopies.detailsOf(checked.doc.storeId, customerId);
  return { ...checked, body: { ...checked.body, customerId }, customer, doc: { ...checked.doc, customerId, ...customer } };
}
