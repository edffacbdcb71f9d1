import type { EventData } from '@turnbook/contracts';
import { formatCents } from '@turnbook/domain';
import type { LogRepository } from './repository';

/** The activity log's line for a no-show fee's charge: its amount, the card, and how it went. */
export function noShowLogText(c: EventData<'billing.no_show_charged'>): string {
  const what = `No-show fee ${formatCents(c.amount)} to the card ending ${c.last4}`;
  return c.status === 'succeeded' ? `${what}: charged` : `${what}: declined (${c.message})`;
}

/**
 * billing charged an appointment's no-show fee: the store's activity log records it under the appointment,
 * once, however often the event is delivered (docs/product/deposits.md).
 */
export async function logNoShowCharge(deps: { logs: Pick<LogRepository, 'add' | 'ofAppointment'> }, c: EventData<'billing.no_show_charged'>): Promise<void> {
  const text = noShowLogText(c);
  const logged = await deps.logs.ofAppointment(c.appointmentId);
  if (logged.some((l) => l.storeId === c.storeId && l.text === text)) return;
  await deps.logs.add({ storeId: c.storeId, appointmentId: c.appointmentId, text, appointment_log: '', createdBy: c.chargedBy });
}
