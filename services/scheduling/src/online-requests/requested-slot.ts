import { MESSAGES } from '@turnbook/contracts';
import { formatTime12, isRealStaff, ONLINE_COLUMN, STEP_FREE, STEP_MINUTES, TBD_COLUMN, toMinutes, wallMinuteAt } from '@turnbook/domain';
import { AppError, badRequest } from '@turnbook/service-kit';
import { insideStoreHours } from '../appointments/appointment-rules';
import { storeAvailability, type DayInputsDeps, type DayQuery } from '../availability/day-inputs';
import type { StaffRepository } from '../staff/repository';
import type { StoreDoc } from '../stores/model';

type FavouriteOf = DayQuery['favourite'];

/**
 * Who and when a request (a new one or a customer's modify) names, checked against the store: a real staff
 * member of it (never the TBD placeholder, role none or archived) or anyone, and a start on a quarter hour.
 */
export async function requestedSlot(staff: Pick<StaffRepository, 'byId'>, storeId: number, body: { staffId: number; start: string }) {
  // 'Anyone' stays on the Online column; 0 (To Be Determined) is read the same way.
  const anyone = body.staffId === ONLINE_COLUMN || body.staffId === TBD_COLUMN;
  if (!anyone) {
    const e = await staff.byId(body.staffId);
    if (!e || e.storeId !== storeId || !isRealStaff(e)) throw badRequest('staffId', `staffId: must be a staff member of this store or ${ONLINE_COLUMN} for anyone`);
  }
  const startMin = toMinutes(body.start)!;
  if (startMin % STEP_MINUTES !== 0) throw badRequest('start', 'start: must be on a quarter hour');
  return { anyone, startMin };
}

/** The times and holder of a slot found free, for the write that claims it. */
export interface FreeSlot {
  staffId: number;
  claimStaffId: number | null;
  start: string;
  end: string;
  startMin: number;
  endMin: number;
}

/**
 * Finds the asked start free and lets `claim` write it; the write's unique claim decides a race. A named
 * staff member's lost race is a 409; for anyone, the next free staff member is tried until none is left.
 */
export async function claimRequestedSlot<T>(
  deps: DayInputsDeps,
  store: Pick<StoreDoc, '_id' | 'timezone' | 'hours'>,
  ask: { date: string; durations: number[]; anyone: boolean; staffId: number; startMin: number; favourite: FavouriteOf; excludeAppointmentId?: number },
  claim: (slot: FreeSlot) => Promise<T | null>,
): Promise<T> {
  const length = ask.durations.reduce((a, b) => a + b, 0);
  const tried = new Set<number>();
  for (;;) {
    const r = await storeAvailability(deps, store, {
      date: ask.date, mode: 'online', durationMinutes: ask.durations, staffId: ask.anyone ? null : ask.staffId,
      ...(ask.excludeAppointmentId !== undefined && { excludeAppointmentId: ask.excludeAppointmentId }), leaveOut: tried, favourite: ask.favourite,
    });
    // A day not open to online requests yet is the window's refusal, not a taken time (ruling 5: 45 days).
    if (Date.now() < r.day.onlineFromMs) throw badRequest('date', MESSAGES.outsideOnlineWindow);
    // A closed day or a time outside the hours was never free: say so, not that someone took it.
    insideStoreHours(store.hours, ask.date, { startMin: ask.startMin, endMin: ask.startMin + length });
    // The step that starts at that wall time (its first occurrence on a fall-back day).
    let step = -1;
    for (let s = 0; s < r.day.stepCount; s++) if (wallMinuteAt(r.day, s) === ask.startMin) { step = s; break; }
    if (step < 0 || r.state[step] !== STEP_FREE) throw slotTaken();
    const holder = Number(r.staff[r.staffIndex[step]].id);
    // Real minutes: across a clock change the wall-clock end moves with it.
    const endMin = wallMinuteAt(r.day, step + r.steps) - (r.steps * STEP_MINUTES - length);
    const written = await claim({
      staffId: ask.anyone ? ONLINE_COLUMN : ask.staffId, claimStaffId: ask.anyone ? holder : null,
      start: formatTime12(ask.startMin), end: formatTime12(endMin), startMin: ask.startMin, endMin,
    });
    if (written) return written;
    if (!ask.anyone) throw slotTaken();
    tried.add(holder);
  }
}

export const slotTaken = () => new AppError('slotTaken', MESSAGES.slotTaken, 'start');
