import { todayIn, DEFAULT_TIME_ZONE } from '@turnbook/domain';
import type { messaging } from '@turnbook/contracts';
import type { MessagesRepository, NewMessage } from '../texts/repository';
import type { AppointmentView, TextReadModels } from '../texts/read-models';
import type { SmsSettingsRepository } from '../texts/settings';
import { storeForTexts } from '../texts/send-sms';
import { renderText } from '../texts/templates';

export interface RemindDeps {
  messages: Pick<MessagesRepository, 'queueMany'>;
  views: TextReadModels;
  settings: Pick<SmsSettingsRepository, 'optedOutOf'>;
}

type Result = { appointmentId: number; outcome: 'sent' | 'skipped' | 'failed'; reason: string | null };

/** The key that makes a reminder once per appointment, whoever asks (the owner's button, the day-before run). */
export const reminderKey = (storeId: number, appointmentId: number) => `rem:${storeId}:${appointmentId}`;

const NOT_REMINDED = new Set(['CANCEL', 'REQUEST CANCEL']);

/**
 * Reminds each appointment of a store once. The claim is the text itself: its id is the appointment's
 * reminder key, so a second press, a run after a restart mid-batch, or the day-before run finds it taken
 * and skips ('already reminded'). Texts written while NATS is down wait in their documents for the
 * sweeper, so none is lost and none goes twice.
 */
export async function remindAppointments(deps: RemindDeps, storeId: number, ids: number[], now = new Date()): Promise<messaging.BulkReminderResponse> {
  const [store, found] = await Promise.all([storeForTexts(deps.views, storeId), deps.views.appointmentsByIds(storeId, ids)]);
  const byId = new Map(found.filter((a) => a.storeId === storeId).map((a) => [a._id, a]));
  const today = todayIn(store.timezone || DEFAULT_TIME_ZONE, now);
  const optedOut = await deps.settings.optedOutOf(storeId, [...byId.values()].flatMap((a) => (a.phone ? [a.phone] : [])));

  const results = new Map<number, Result>();
  const toQueue: Array<{ a: AppointmentView; m: NewMessage }> = [];
  for (const id of ids) {
    const a = byId.get(id);
    const skip = (reason: string) => results.set(id, { appointmentId: id, outcome: 'skipped', reason });
    if (!a) {
      results.set(id, { appointmentId: id, outcome: 'failed', reason: 'not found' });
      continue;
    }
    if (a.dayOff || NOT_REMINDED.has(a.status)) skip('cancelled');
    else if (a.date < today) skip('past');
    else if (!a.phone) skip('no phone');
    else if (optedOut.has(a.phone)) skip('opted out');
    else {
      const body = renderText('reminder', { store, appointment: { date: a.date, start: a.start } });
      toQueue.push({ a, m: { _id: reminderKey(storeId, id), storeId, recipient: `1${a.phone}`, body, kind: 'reminder', appointmentId: id } });
    }
  }
  try {
    const { duplicates } = await deps.messages.queueMany(toQueue.map((q) => q.m));
    for (const { a, m } of toQueue) {
      results.set(a._id, duplicates.has(m._id) ? { appointmentId: a._id, outcome: 'skipped', reason: 'already reminded' } : { appointmentId: a._id, outcome: 'sent', reason: null });
    }
  } catch {
    // The write itself failed (the database is away): nothing of it is known to be queued, and pressing
    // again queues what was not (what was is skipped then).
    for (const { a } of toQueue) results.set(a._id, { appointmentId: a._id, outcome: 'failed', reason: 'not queued' });
  }
  const list = ids.map((id) => results.get(id)!);
  const of = (o: Result['outcome']) => list.filter((r) => r.outcome === o).map((r) => r.appointmentId);
  return { sent: of('sent'), skipped: of('skipped'), failed: of('failed'), results: list };
}
