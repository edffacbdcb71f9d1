import type { ResponseOf } from '@turnbook/contracts';
import { PreparedJson } from '@turnbook/service-kit';
import type { AppointmentDoc } from './model';
import { groupDay, viewerIn, type ReadAppointmentsDeps, type ReadInput } from './read-appointments';
import type { StoredAnswer } from './day-read-model';
import { MANAGER_CLASS, visibilityClass } from './visibility';

type DayAnswer = ResponseOf<'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}'>;

/** How a day's managers' answer built here is kept for the other instances (through AppointmentDays). */
export interface SharedAnswer {
  /** the stamp the day's appointments were loaded under */
  stamp: string | undefined;
  keep: (answer: StoredAnswer) => Promise<void>;
}

/**
 * Built day answers, per copy of the day (the read model gives the same array while the day's stamp is
 * unchanged), per copy of the store's configuration and per visibility class: a calendar polled by many
 * screens builds each answer once per change, and serializes and compresses it once (PreparedJson).
 * Weak keys: answers go when their day or config copy goes. The managers' answer built here is also kept
 * for the other instances, whose first read of the day sends it (`dayOfStore`).
 */
export class DayAnswerCache {
  private readonly built = new WeakMap<AppointmentDoc[], WeakMap<object, Map<string, PreparedJson<DayAnswer>>>>();

  answer(docs: AppointmentDoc[], config: { v: string }, cls: string, build: () => DayAnswer, shared?: SharedAnswer): PreparedJson<DayAnswer> {
    const byClass = this.classesOf(docs, config);
    const known = byClass.get(cls);
    if (known) return known;
    const out = new PreparedJson(build());
    byClass.set(cls, out);
    if (shared?.stamp) {
      const stamp = shared.stamp;
      // After the answer is sent (which makes its gzip bytes and ETag): the caller never waits for it.
      setImmediate(() => {
        const gz = out.gzip();
        if (gz) void shared.keep({ v: stamp, c: config.v, gz, etag: out.etag() });
      });
    }
    return out;
  }

  /** An answer taken from another instance, for the next reads of the same day copy here. */
  remember(docs: AppointmentDoc[], config: object, cls: string, answer: PreparedJson<DayAnswer>): void {
    const byClass = this.classesOf(docs, config);
    if (!byClass.has(cls)) byClass.set(cls, answer);
  }

  private classesOf(docs: AppointmentDoc[], config: object): Map<string, PreparedJson<DayAnswer>> {
    let byConfig = this.built.get(docs);
    if (!byConfig) this.built.set(docs, (byConfig = new WeakMap()));
    let byClass = byConfig.get(config);
    if (!byClass) byConfig.set(config, (byClass = new Map()));
    return byClass;
  }
}

export type DayOfStoreDeps = ReadAppointmentsDeps & { answers: DayAnswerCache };

/**
 * The calendar's day: appointments grouped as normal, unassigned, cancelled and online, by start time. The
 * router has checked the caller is a member; what they see of each appointment depends on their role
 * (docs/product/roles.md, ./visibility.ts).
 */
export async function dayOfStore(deps: DayOfStoreDeps, input: ReadInput & { date: string; since?: number }): Promise<PreparedJson<DayAnswer>> {
  const days = deps.appointments.days;
  const stored = days.takeStoredAnswer(input.storeId, input.date);
  const dayRead = days.read(input.storeId, input.date, input.since);
  const configRead = deps.configs.read(input.storeId, input.since);
  dayRead.catch(() => undefined); // awaited below, or left to land in memory when a kept answer is sent
  if (stored) {
    // A day this process did not hold: the managers' answer another instance kept under the day's stamp and
    // the store's config stamp is sent as it is, without waiting for the day's own copy (it still lands in
    // memory, with this answer, for the next reads).
    const [config, stamp, kept] = await Promise.all([configRead, days.stamp(input.storeId, input.date, input.since), stored]);
    if (kept && kept.v === stamp && kept.c === config.v && visibilityClass(viewerIn(config, input).viewer) === MANAGER_CLASS) {
      const taken = PreparedJson.stored<DayAnswer>(kept.gz, kept.etag);
      dayRead.then((docs) => days.stampOf(docs) === stamp && deps.answers.remember(docs, config, MANAGER_CLASS, taken)).catch(() => undefined);
      return taken;
    }
  }
  const [config, docs] = await Promise.all([configRead, dayRead]);
  const { viewer, staffById } = viewerIn(config, input);
  const cls = visibilityClass(viewer);
  const shared = cls === MANAGER_CLASS ? { stamp: days.stampOf(docs), keep: (a: StoredAnswer) => days.keepAnswer(input.storeId, input.date, a) } : undefined;
  return deps.answers.answer(docs, config, cls, () => groupDay(viewer, staffById, docs), shared);
}
