import { setTimeout as sleep } from 'node:timers/promises';
import { fullName, toMinutes, waitsInWalkInLine } from '@turnbook/domain';
import { MESSAGES, type BodyOf } from '@turnbook/contracts';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import { AppError, badRequest, notFound, reply, type EventBus, type Reply } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import { queueOf, type QueueDeps } from '../queue/queue';
import { sheetCreated } from './events';
import type { SheetDoc } from './model';
import type { SheetRepository } from './repository';
import { sheetView } from './view';

export interface SignInDeps extends QueueDeps {
  sheets: Pick<SheetRepository, 'insert' | 'ofDay' | 'byId' | 'ofAppointment' | 'claimAppointment' | 'releaseAppointment'>;
  appointments: Pick<AppointmentRepository, 'byId' | 'update' | 'model'>;
  bus: EventBus;
}

/** `queue`: the walk-in's place and wait; null for a booked appointment's sheet (not in the walk-in line). */
type SignInAnswer = { sheet: SheetView; queue: { place: number; waitMinutes: number } | null; alreadySignedIn?: boolean };

/** How long a second sign-in of one appointment waits for the first one's sheet to be written. */
const FIRST_SHEET_WAIT_MS = 3_000;

/**
 * POST sheet: a person signs in at the kiosk (or the front desk's wizard). The sheet links its
 * appointment (the walk-in's, or the one looked up), which makes that appointment a walk-in: never in the
 * bell. Answers the person's place in line and the estimated wait.
 *
 * One appointment has one sheet: a second sign-in of it (the customer tapping through twice, the kiosk and
 * the front desk at once) writes nothing and answers the first sheet with `alreadySignedIn`. The guarantee
 * is a unique claim per appointment (FerretDB's read-then-write updates could not give it).
 */
export async function signIn(deps: SignInDeps, body: BodyOf<'POST sheet'>, now = new Date()): Promise<Reply<SignInAnswer>> {
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  const appointment = body.appointment_id != null ? await deps.appointments.byId(body.appointment_id) : null;
  if (body.appointment_id != null && (!appointment || appointment.storeId !== body.storeId)) {
    throw badRequest('appointment_id', 'appointment_id: must be an appointment of this store');
  }
  if (appointment) {
    const first = await firstSheetOf(deps, appointment, 0);
    if (first) return answer(deps, first, appointment, now, true);
    if (!(await deps.sheets.claimAppointment(appointment._id))) {
      const raced = await firstSheetOf(deps, appointment, FIRST_SHEET_WAIT_MS);
      if (raced) return answer(deps, raced, appointment, now, true);
      throw new AppError('appointmentSigningIn', MESSAGES.appointmentSigningIn);
    }
  }
  try {
    const sheet = await writeSheet(deps, body, appointment);
    return answer(deps, sheet, appointment, now, false);
  } catch (err) {
    if (appointment) await deps.sheets.releaseAppointment(appointment._id);
    throw err;
  }
}

async function writeSheet(deps: SignInDeps, body: BodyOf<'POST sheet'>, appointment: AppointmentDoc | null): Promise<SheetDoc> {
  const sheet = await deps.sheets.insert(
    {
      storeId: body.storeId,
      ...whoSignsIn(body, appointment),
      service_by_customer: body.service_by_customer,
      staff_by_customer: body.staff_by_customer,
      date: body.date,
      arrived_time: body.arrived_time,
      arrivedMin: toMinutes(body.arrived_time) ?? 0,
      appointment_id: appointment?._id ?? null,
      checked: null,
      staffId: '',
      staff_fname: '',
      nickname: null,
      userFname: null,
      note: '',
      party: body.party ?? null,
      turnWeight: null,
      turnSeqs: [],
    },
    (saved) => [sheetCreated(deps.bus, saved)],
  );
  if (appointment) {
    const linked = { ...appointment, sheetId: sheet._id };
    await deps.appointments.update(appointment._id, { sheetId: sheet._id }, [appointmentEvent(deps.bus, 'appointment.updated', linked)]);
  }
  return sheet;
}

/**
 * The name and phone on the sheet. A booked appointment's sheet names its customer as the store knows them
 * (full name and phone), whatever the kiosk showed: a search by last name or email shows the door only a
 * first name and last initial. A walk-in's sheet keeps what the person typed (a party's '(2 of 3)' too).
 */
function whoSignsIn(body: BodyOf<'POST sheet'>, appointment: AppointmentDoc | null): { customer_name: string; customer_phone: string } {
  const typed = { customer_name: body.customer_name, customer_phone: body.customer_phone };
  if (!appointment || appointment.walkIn || appointment.customerId <= 0) return typed;
  const name = fullName({ fname: appointment.customerFname, lname: appointment.customerLname });
  return { customer_name: name || typed.customer_name, customer_phone: appointment.customerPhone || typed.customer_phone };
}

/** The appointment's sheet if it has one; waits up to `waitMs` for one a concurrent sign-in is writing. */
async function firstSheetOf(deps: SignInDeps, appointment: AppointmentDoc, waitMs: number): Promise<SheetDoc | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const linked = appointment.sheetId != null ? await deps.sheets.byId(appointment.sheetId) : null;
    const sheet = linked ?? (await deps.sheets.ofAppointment(appointment.storeId, appointment._id));
    if (sheet || Date.now() >= until) return sheet;
    await sleep(100);
  }
}

async function answer(deps: SignInDeps, sheet: SheetDoc, appointment: AppointmentDoc | null, now: Date, already: boolean): Promise<Reply<SignInAnswer>> {
  const body: SignInAnswer = { sheet: sheetView(sheet), queue: waitsInWalkInLine(appointment) ? await placeOf(deps, sheet, now) : null };
  return already ? reply({ ...body, alreadySignedIn: true }, 200) : reply(body, 201);
}

async function placeOf(deps: SignInDeps, sheet: SheetDoc, now: Date): Promise<{ place: number; waitMinutes: number }> {
  const queue = await queueOf(deps, sheet.storeId, sheet.date, now);
  const mine = queue.places.find((p) => p.sheetId === sheet._id);
  return { place: mine?.place ?? Math.max(1, queue.waiting), waitMinutes: mine?.waitMinutes ?? queue.waitMinutes };
}
