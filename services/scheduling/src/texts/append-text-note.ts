import { messaging, type EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import type { AppointmentRepository } from '../appointments/repository';

const TEXT_KINDS = new Set<string>(messaging.SMS_KINDS);

/**
 * messaging says a text about an appointment went out: the note gets the kind's suffix ('sent reminder',
 * ...) once, however many texts of that kind are sent (docs/product/texts.md). The calendar hears of it.
 */
export async function appendTextNote(deps: { appointments: AppointmentRepository; bus: EventBus }, sent: EventData<'sms.sent'>): Promise<void> {
  if (sent.appointmentId == null || !TEXT_KINDS.has(sent.kind)) return;
  const a = await deps.appointments.byId(sent.appointmentId);
  if (!a || a.storeId !== sent.storeId) return;
  const note = messaging.noteWithSuffix(a.note ?? '', sent.kind as messaging.SmsKind);
  if (note === (a.note ?? '').trim()) return;
  await deps.appointments.update(a._id, { note }, [appointmentEvent(deps.bus, 'appointment.updated', { ...a, note })]);
}
