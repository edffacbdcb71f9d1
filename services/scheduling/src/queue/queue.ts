import { DEFAULT_WALK_IN_MINUTES, estimateQueue, waitsInWalkInLine } from '@turnbook/domain';
import type { SheetDoc } from '../sheets/model';
import type { SheetRepository } from '../sheets/repository';
import { displayName } from '../staff/view';
import { dayFacts, type DayFacts, type DayFactsDeps } from './day-facts';

export interface QueueDeps extends DayFactsDeps {
  sheets: Pick<SheetRepository, 'ofDay'>;
}

export interface QueueAnswer {
  waiting: number;
  waitMinutes: number;
  places: Array<{ sheetId: number; place: number; waitMinutes: number }>;
}

const norm = (v: string) => v.trim().toLowerCase();

/** The sheet's person waits in the walk-in line (domain rule), judged by the appointment it is linked to. */
const inLine = (facts: Pick<DayFacts, 'appointments'>, s: Pick<SheetDoc, 'appointment_id'>) =>
  waitsInWalkInLine(s.appointment_id != null ? facts.appointments.get(s.appointment_id) : null);

/**
 * The day's walk-in line: walk-ins signed in and not yet served, in arrival order, each with a place and an
 * estimated wait from the working staff's booked time (docs/product/statuses.md). Someone signed in for a
 * booked appointment is not in it: their appointment is booked time of their staff member. No names, no phones.
 */
export async function queueOf(deps: QueueDeps, storeId: number, date: string, now = new Date()): Promise<QueueAnswer> {
  const [facts, sheets] = await Promise.all([dayFacts(deps, storeId, date, now), deps.sheets.ofDay(storeId, date)]);
  const waiting = sheets.filter((s) => !s.checked && inLine(facts, s));
  // A walk-in's own appointment is their place in line, not time their staff member is busy with someone else.
  const own = new Set(waiting.flatMap((s) => (s.appointment_id != null ? [s.appointment_id] : [])));
  const byName = new Map<string, number>();
  for (const e of facts.working) for (const n of [displayName(e), e.fname, e.nickname]) if (n && !byName.has(norm(n))) byName.set(norm(n), e._id);
  const working = new Set(facts.working.map((e) => e._id));
  const asked = (s: SheetDoc): number | null => {
    const a = s.appointment_id != null ? facts.appointments.get(s.appointment_id) : undefined;
    if (a && working.has(a.staffId)) return a.staffId;
    return s.staff_by_customer ? (byName.get(norm(s.staff_by_customer)) ?? null) : null;
  };
  const duration = (s: SheetDoc) => {
    const a = s.appointment_id != null ? facts.appointments.get(s.appointment_id) : undefined;
    return a && a.endMin > a.startMin ? a.endMin - a.startMin : DEFAULT_WALK_IN_MINUTES;
  };
  const estimate = estimateQueue({
    nowMin: facts.nowMin,
    staff: facts.working.map((e) => ({ id: e._id, booked: facts.booked(e._id, own) })),
    queue: waiting.map((s) => ({ sheetId: s._id, duration: duration(s), staffId: asked(s) })),
  });
  return { waiting: waiting.length, waitMinutes: estimate.nextWaitMinutes, places: estimate.places };
}
