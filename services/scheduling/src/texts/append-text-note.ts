import { messaging, type EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import { appointmentEvent } from '../appointments/events';
import { asRead, onLatest } from '../appointments/on-latest';
import type { AppointmentRepository } from '../appointments/repository';

const TEXT_KINDS = new Set<string>(messaging.SMS_KINDS);

/**
 * messaging says a text about an appointment went out: the note gets the kind's suffix ('sent reminder',
 * ...) once, however many texts of that kind are sent (docs/product/texts.md). The calendar hears of it.
 * The suffix goes onto the note as it is when written (the revision read, else the latest): two texts at
 * once, or a note edited meanwhile, are not written over with the note read before them.
 */
export async function appendTextNote(deps: { appointments: Pick<AppointmentRepository, 'byId' | 'update'>; bus: EventBus }, sent: EventData<'sms.sent'>): Promise<void> {
  if (sent.appointmentId == null || !TEXT_KINDS.has(sent.kind)) return;
  const read = await deps.appointments.byId(sent.appointmentId);
  if (!read || read.storeId !== sent.storeId) return;
  await onLatest(deps, read, async (a) => {
    const note = messaging.noteWithSuffix(a.note ?? '', sent.kind as messaging.SmsKind);
    if (note === (a.note ?? '').trim()) return a;
    return deps.appointments.update(a._id, { note }, [appointmentEvent(deps.bus, 'appointment.updated', { ...a, note })], asRead(a));
  });
}
