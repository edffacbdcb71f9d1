import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE } from '@turnbook/domain';
import type { Logger } from '@turnbook/service-kit';
import type { SmsSettingsRepository } from '../texts/settings';
import { remindAppointments, type RemindDeps } from './remind';

export interface DayBeforeDeps extends RemindDeps {
  settings: Pick<SmsSettingsRepository, 'optedOutOf' | 'withReminders' | 'markReminded'>;
  log: Logger;
}

/**
 * Reminders the day before, for stores that chose an hour (off by default): once the hour has come in the
 * store's time zone, every appointment of the next local day is reminded, with the same once-per-appointment
 * key as the owner's bulk reminder (so neither sends a second). Then the day is marked done; a run that dies
 * before marking runs again and skips what it queued.
 */
export async function runDayBeforeReminders(deps: DayBeforeDeps, now = new Date()): Promise<number> {
  let queued = 0;
  for (const s of await deps.settings.withReminders()) {
    const store = await deps.views.store(s._id);
    const local = DateTime.fromJSDate(now, { zone: store?.timezone || DEFAULT_TIME_ZONE });
    const today = local.toISODate()!;
    if (s.reminderHour == null || local.hour < s.reminderHour || s.remindedFor === today) continue;
    const tomorrow = local.plus({ days: 1 }).toISODate()!;
    const ids = (await deps.views.appointmentsOfDay(s._id, tomorrow)).map((a) => a._id);
    if (ids.length) {
      const res = await remindAppointments(deps, s._id, ids, now);
      queued += res.sent.length;
      if (res.failed.length) deps.log.warn({ storeId: s._id, failed: res.failed.length }, 'day-before reminders not all queued');
    }
    await deps.settings.markReminded(s._id, today, s.remindedFor ?? null);
  }
  return queued;
}
