import type { QueryClient } from '@tanstack/react-query';
import type { AppointmentCreateBody, AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { api, isApiError, notify } from '@turnbook/web-kit';
import { invalidateStore } from '../calendar-data/calendar-keys';
import { NEXT_AVAILABLE, WIZARD_MESSAGES } from './wizard-rules';

export type Overlap = { appointmentId: number; staffId: number; date: string; start: string; end: string };
export type Written = { appointment: AppointmentView; overlaps?: Overlap[]; notice?: string };

/**
 * One booking's write (the wizard's Finish and the quick booking's Save): one person is a POST appointment;
 * a group is one POST appointments/group, every person booked or none, its key making a resent call write
 * once. Services older than that call (the module shipped ahead of them) answer it 404: then one POST
 * appointment per person, a group's later appointments naming its first one. The answers come in the order
 * of `bodies`.
 */
export async function postAppointments(bodies: AppointmentCreateBody[], sendConfirmation: boolean): Promise<Written[]> {
  const confirmation = sendConfirmation ? { sendConfirmation: true } : {};
  if (bodies.length > 1) {
    try {
      const members = bodies.map(({ storeId: _store, ...member }) => ({ ...member, ...confirmation }));
      const res = await api.post('POST appointments/group', { storeId: bodies[0].storeId, members }, undefined, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
      return res.appointments;
    } catch (e) {
      if (!isApiError(e) || e.status !== 404) throw e;
    }
  }
  const written: Written[] = [];
  for (const body of bodies) {
    const linked = written.length && !body.appointmentId ? { ...body, appointmentId: written[0].appointment.id } : body;
    written.push(await api.post('POST appointment', { ...linked, ...confirmation }));
  }
  return written;
}

/** A group's people overlap each other on purpose: only what was already booked is worth naming. */
export function outsideOverlaps(written: Written[]): Written[] {
  const ours = new Set(written.map((w) => w.appointment.id));
  return written.map((w) => ({ ...w, overlaps: w.overlaps?.filter((o) => !ours.has(o.appointmentId)) }));
}

/**
 * One booking's save (the wizard's Finish and the quick booking's Save): write it, start refreshing the store, and
 * either say it was booked (null) or answer what it overlaps, for the screen to show before it closes.
 */
export async function saveBooking(qc: QueryClient, storeId: number, bodies: AppointmentCreateBody[], sendConfirmation: boolean): Promise<Written[] | null> {
  const written = outsideOverlaps(await postAppointments(bodies, sendConfirmation));
  // Not awaited: the booking is written, and a slow read under the store's key (a customer search on a cold
  // index, say) must not hold the panel open; the grid's day is read again in the background.
  void invalidateStore(qc, storeId);
  if (written.some((w) => w.overlaps?.length)) return written;
  void notify({ color: 'green', message: bookedMessage(written) });
  return null;
}

/** What a failed save says: the server's message, or a plain one when it never answered. */
export const saveFailure = (e: unknown) => (isApiError(e) ? e.message : 'The appointment could not be saved. Please try again.');

/** The note after a booking without overlaps; booked on no staff member, it says where it went. */
export function bookedMessage(written: Written[]): string {
  const unassigned = written.some((w) => w.notice || w.appointment.staffId === NEXT_AVAILABLE.id);
  if (unassigned) return WIZARD_MESSAGES.bookedUnassigned;
  return written.length > 1 ? `${written.length} appointments booked` : 'Appointment booked';
}

/** The warning under a chosen start that staff booking offers over another appointment. */
export function conflictText(staffId: number | null, staffName: string, start: string): string {
  return staffId === NEXT_AVAILABLE.id ? `Every staff member already has an appointment at ${start}.` : `${staffName} already has an appointment at ${start}: this booking will overlap it.`;
}

/** What a written booking overlaps, one line each. */
export const overlapLine = (o: Overlap, staffName: string) => `It overlaps appointment #${o.appointmentId} of ${staffName}, ${o.start} - ${o.end}.`;
