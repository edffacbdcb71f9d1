import { toMinutes } from '@turnbook/domain';
import type { BodyOf } from '@turnbook/contracts';
import type { SheetView } from '@turnbook/contracts/schemas/frontdesk';
import { badRequest, reply, type EventBus, type Reply } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentRepository } from '../appointments/repository';
import { queueOf, type QueueDeps } from '../queue/queue';
import { sheetCreated } from './events';
import type { SheetRepository } from './repository';
import { sheetView } from './view';

export interface SignInDeps extends QueueDeps {
  sheets: Pick<SheetRepository, 'insert' | 'ofDay'>;
  appointments: Pick<AppointmentRepository, 'byId' | 'update' | 'model'>;
  bus: EventBus;
}

/**
 * POST sheet: a person signs in at the kiosk (or the front desk's wizard). The sheet links its
 * appointment (the walk-in's, or the one looked up), which makes that appointment a walk-in: never in the
 * bell. Answers the person's place in line and the estimated wait.
 */
export async function signIn(deps: SignInDeps, body: BodyOf<'POST sheet'>, now = new Date()): Promise<Reply<{ sheet: SheetView; queue: { place: number; waitMinutes: number } }>> {
  const appointment = body.appointment_id != null ? await deps.appointments.byId(body.appointment_id) : null;
  if (body.appointment_id != null && (!appointment || appointment.storeId !== body.storeId)) {
    throw badRequest('appointment_id', 'appointment_id: must be an appointment of this store');
  }
  const sheet = await deps.sheets.insert(
    {
      storeId: body.storeId,
      customer_name: body.customer_name,
      customer_phone: body.customer_phone,
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
  const queue = await queueOf(deps, body.storeId, body.date, now);
  const mine = queue.places.find((p) => p.sheetId === sheet._id);
  return reply({ sheet: sheetView(sheet), queue: { place: mine?.place ?? queue.waiting, waitMinutes: mine?.waitMinutes ?? queue.waitMinutes } }, 201);
}
