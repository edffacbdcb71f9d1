import type { ResponseOf } from '@turnbook/contracts';
import { PreparedJson } from '@turnbook/service-kit';
import type { AppointmentDoc } from './model';
import { groupDay, viewerIn, type ReadAppointmentsDeps, type ReadInput } from './read-appointments';
import { visibilityClass } from './visibility';

type DayAnswer = ResponseOf<'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}'>;

/**
 * Built day answers, per copy of the day (the read model gives the same array while the day's stamp is
 * unchanged), per copy of the store's configuration and per visibility class: a calendar polled by many
 * screens builds each answer once per change, and serializes and compresses it once (PreparedJson).
 * Weak keys: answers go when their day or config copy goes.
 */
export class DayAnswerCache {
  private readonly built = new WeakMap<AppointmentDoc[], WeakMap<object, Map<string, PreparedJson<DayAnswer>>>>();

  answer(docs: AppointmentDoc[], config: object, cls: string, build: () => DayAnswer): PreparedJson<DayAnswer> {
    let byConfig = this.built.get(docs);
    if (!byConfig) this.built.set(docs, (byConfig = new WeakMap()));
    let byClass = byConfig.get(config);
    if (!byClass) byConfig.set(config, (byClass = new Map()));
    let out = byClass.get(cls);
    if (!out) byClass.set(cls, (out = new PreparedJson(build())));
    return out;
  }
}

export type DayOfStoreDeps = ReadAppointmentsDeps & { answers: DayAnswerCache };

/**
 * The calendar's day: appointments grouped as normal, unassigned, cancelled and online, by start time. The
 * router has checked the caller is a member; what they see of each appointment depends on their role
 * (docs/product/roles.md, ./visibility.ts).
 */
export async function dayOfStore(deps: DayOfStoreDeps, input: ReadInput & { date: string; since?: number }): Promise<PreparedJson<DayAnswer>> {
  const [config, docs] = await Promise.all([deps.configs.read(input.storeId, input.since), deps.appointments.days.read(input.storeId, input.date, input.since)]);
  const { viewer, staffById } = viewerIn(config, input);
  return deps.answers.answer(docs, config, visibilityClass(viewer), () => groupDay(viewer, staffById, docs));
}
