import { isReservedColumn } from '../calendar-columns';
import { isWeeklyDayOff } from '../hours/day-off';
import { setRange, spreadBusy, WORDS } from './mask';
import { instantAt, STEP_MINUTES, STEP_MS, stepLabels, type StoreDay } from './store-day';

/**
 * The availability engine every booking path uses (docs/product/availability.md): pure, no I/O, no dates
 * made per step. Each staff member's day is two masks over the store-day's 15-minute steps: "unavailable"
 * (outside the store's hours, a day-off record, not working that date) and "booked" (live appointments).
 */

export type StaffId = number | string;

/** Statuses that hold no time: cancelled, and a customer's cancellation waiting for the store. */
export const NON_BLOCKING_STATUSES: readonly string[] = ['CANCEL', 'REQUEST CANCEL'];

/**
 * A time range on the store-day: wall-clock minutes since local midnight as records keep them ('09:30 am'
 * is 570), or instants (epoch ms) when the caller has them. An ambiguous wall time on a fall-back day is read
 * the way that blocks more: a start at its first occurrence, an end at its last.
 */
export interface TimeRange {
  startMin?: number;
  endMin?: number;
  startAt?: number;
  endAt?: number;
}

export interface AvailabilityStaff {
  id: StaffId;
  /** weekly days they do not work, 'sun mon' */
  dayOff?: string | null;
  archived?: boolean | number | null;
  /** 'ON' takes online requests; 'OFF' and 'none' do not (staff booking ignores it) */
  onlineBooking?: string | null;
  /** this date's day-off records: the staff member does not work these ranges */
  daysOff?: readonly TimeRange[];
  /**
   * Time the same person is booked at another store they work at (instants: the other store's zone may
   * differ). Booked, as their own appointments here, but never makes a weekly day off a working day.
   */
  busyElsewhere?: readonly TimeRange[];
}

export interface AvailabilityAppointment extends TimeRange {
  id?: number | string;
  staffId: StaffId;
  /** an 'anyone' online request stays on 8888 and holds this staff member's time */
  claimStaffId?: StaffId | null;
  status: string;
}

export type BookingMode = 'staff' | 'online';

export interface AvailabilityQuery {
  day: StoreDay;
  staff: readonly AvailabilityStaff[];
  appointments: readonly AvailabilityAppointment[];
  /** the services' lengths in minutes, added up */
  durationMinutes: number | readonly number[];
  mode: BookingMode;
  /** one staff member, or null / undefined for 'anyone' */
  staffId?: StaffId | null;
  /** epoch ms: no start before it */
  now: number;
  /** online booking: the customer's favourite counts even with Online Booking OFF when bookWithFavourite */
  favourite?: { staffId: StaffId | null; bookWithFavourite: boolean } | null;
  /** an appointment being moved does not conflict with itself */
  excludeAppointmentId?: number | string | null;
}

/** Per start step. */
export const STEP_CLOSED = 0; // not a start: outside hours, past, or the service does not fit before close
export const STEP_TAKEN = 1; // no eligible staff member is free (online: not offered)
export const STEP_CONFLICT = 2; // staff booking only: offered over an overlap, marked
export const STEP_FREE = 3;

export interface AvailabilityResult {
  day: StoreDay;
  /** the service's length in steps */
  steps: number;
  /** STEP_* for every step of the day */
  state: Uint8Array;
  /** the named free staff member for each free step: an index into `staff`, -1 otherwise */
  staffIndex: Int16Array;
  staff: readonly AvailabilityStaff[];
  freeCount: number;
}

const QUARTERS = 96;

function startStep(day: StoreDay, r: TimeRange): number {
  if (r.startAt !== undefined) return Math.floor((r.startAt - day.startMs) / STEP_MS);
  const q = Math.floor((r.startMin ?? 0) / STEP_MINUTES);
  return day.startAtWall[q < 0 ? 0 : q > QUARTERS ? QUARTERS : q];
}

function endStep(day: StoreDay, r: TimeRange): number {
  if (r.endAt !== undefined) return Math.ceil((r.endAt - day.startMs) / STEP_MS);
  // '12:00 am' as an end is the midnight that closes the day
  const q = r.endMin === 0 ? QUARTERS : Math.ceil((r.endMin ?? 0) / STEP_MINUTES);
  return day.endAtWall[q < 0 ? 0 : q > QUARTERS ? QUARTERS : q];
}

export function durationSteps(durationMinutes: number | readonly number[]): number {
  let total = 0;
  if (typeof durationMinutes === 'number') total = durationMinutes;
  else for (const d of durationMinutes) total += d;
  if (!Number.isFinite(total) || total <= 0) throw new RangeError('durationMinutes must add up to more than 0');
  return Math.ceil(total / STEP_MINUTES);
}

function isArchived(s: AvailabilityStaff): boolean {
  return s.archived === true || s.archived === 1;
}

/** Scratch words for the masks, grown on demand and reused: a call allocates only its answer. */
let scratch = new Uint32Array(64 * WORDS * 2);

/**
 * All that an answer takes from `now`: the first start not in the past and whether the online window has
 * opened. Two calls on the same day and inputs whose `now` gives the same key answer the same (a cache key).
 */
export function nowKey(day: StoreDay, now: number): string {
  const fromNow = now > day.startMs ? Math.ceil((now - day.startMs) / STEP_MS) : 0;
  return `${Math.max(fromNow, day.openStep)}:${now >= day.onlineFromMs ? 1 : 0}`;
}

export function availability(q: AvailabilityQuery): AvailabilityResult {
  const { day, staff, appointments, mode, now } = q;
  const n = durationSteps(q.durationMinutes);
  const S = staff.length;
  const stepCount = day.stepCount;
  const state = new Uint8Array(stepCount);
  const staffIndex = new Int16Array(stepCount).fill(-1);
  const result: AvailabilityResult = { day, steps: n, state, staffIndex, staff, freeCount: 0 };

  // Start steps the store offers at all: inside hours with room for the service, and not before now.
  let firstStart = day.openStep;
  if (now > day.startMs) {
    const fromNow = Math.ceil((now - day.startMs) / STEP_MS);
    if (fromNow > firstStart) firstStart = fromNow;
  }
  const lastStart = day.closeStep - n;
  if (firstStart > lastStart) return result;
  if (mode === 'online' && now < day.onlineFromMs) return result;

  // Layout per staff member: [unavailable words][booked words]; booked is later widened to unavailable | booked.
  const need = S * WORDS * 2;
  if (scratch.length < need) scratch = new Uint32Array(need * 2);
  const m = scratch;
  m.fill(0, 0, need);

  const index = new Map<StaffId, number>();
  const booked = new Int32Array(S);
  const eligible = new Uint8Array(S);
  const chosen = q.staffId ?? null;
  const fav = q.favourite && q.favourite.bookWithFavourite ? q.favourite.staffId : null;
  for (let i = 0; i < S; i++) {
    const s = staff[i];
    if (isReservedColumn(s.id) || isArchived(s)) continue;
    if (chosen !== null && s.id !== chosen) continue;
    if (mode === 'online' && s.onlineBooking !== 'ON' && !(fav !== null && fav !== 0 && s.id === fav)) continue;
    index.set(s.id, i);
    eligible[i] = 1;
  }

  const exclude = q.excludeAppointmentId ?? null;
  for (let k = 0; k < appointments.length; k++) {
    const a = appointments[k];
    const st = a.status;
    if (st === 'CANCEL' || st === 'REQUEST CANCEL') continue; // NON_BLOCKING_STATUSES, compared directly in the hot loop
    if (exclude !== null && a.id === exclude) continue;
    let i = index.get(a.staffId);
    if (i === undefined && a.claimStaffId !== undefined && a.claimStaffId !== null && isReservedColumn(a.staffId)) i = index.get(a.claimStaffId);
    if (i === undefined) continue;
    let from = startStep(day, a);
    let to = endStep(day, a);
    if (from < 0) from = 0;
    if (to > stepCount) to = stepCount;
    if (to <= from) continue;
    setRange(m, i * 2 * WORDS + WORDS, from, to);
    booked[i] += to - from;
  }
  for (let i = 0; i < S; i++) {
    const away = staff[i].busyElsewhere;
    if (away && eligible[i] === 1) for (const r of away) setRange(m, i * 2 * WORDS + WORDS, startStep(day, r), endStep(day, r));
  }

  const order = new Int16Array(S);
  let count = 0;
  for (let i = 0; i < S; i++) {
    if (eligible[i] === 0) continue;
    const s = staff[i];
    // A weekly day off still counts as working when that date already has their appointments.
    if (s.dayOff && booked[i] === 0 && isWeeklyDayOff(s.dayOff, day.weekday)) continue;
    const u = i * 2 * WORDS;
    for (let w = 0; w < WORDS; w++) m[u + w] = day.outside[w];
    const off = s.daysOff;
    if (off) for (const r of off) setRange(m, u, startStep(day, r), endStep(day, r));
    // Fair and deterministic 'anyone': the least booked that day first, then the staff list's order
    // (an insertion sort: a store has tens of staff, and i only grows).
    let k = count++;
    while (k > 0 && booked[order[k - 1]] > booked[i]) {
      order[k] = order[k - 1];
      k--;
    }
    order[k] = i;
  }

  // Valid starts as a mask: [firstStart, lastStart].
  const v0 = firstStart, v1 = lastStart + 1;
  let free0 = 0, free1 = 0, free2 = 0, free3 = 0; // starts already given a named staff member
  let work0 = 0, work1 = 0, work2 = 0, work3 = 0; // starts some working staff member could take over a conflict
  const valid = validWords(v0, v1);
  for (let k = 0; k < count; k++) {
    const i = order[k];
    const u = i * 2 * WORDS;
    const b = u + WORDS;
    for (let w = 0; w < WORDS; w++) m[b + w] |= m[u + w];
    spreadBusy(m, b, n);
    if (mode === 'staff') {
      spreadBusy(m, u, n);
      work0 |= ~m[u] & valid[0];
      work1 |= ~m[u + 1] & valid[1];
      work2 |= ~m[u + 2] & valid[2];
      work3 |= ~m[u + 3] & valid[3];
    }
    const f0 = ~m[b] & valid[0] & ~free0;
    const f1 = ~m[b + 1] & valid[1] & ~free1;
    const f2 = ~m[b + 2] & valid[2] & ~free2;
    const f3 = ~m[b + 3] & valid[3] & ~free3;
    name(staffIndex, f0, 0, i);
    name(staffIndex, f1, 32, i);
    name(staffIndex, f2, 64, i);
    name(staffIndex, f3, 96, i);
    free0 |= f0;
    free1 |= f1;
    free2 |= f2;
    free3 |= f3;
  }

  let freeCount = 0;
  for (let s = v0; s < v1; s++) {
    if (staffIndex[s] >= 0) {
      state[s] = STEP_FREE;
      freeCount++;
    } else {
      const w = s >>> 5;
      const work = w === 0 ? work0 : w === 1 ? work1 : w === 2 ? work2 : work3;
      state[s] = (work >>> (s & 31)) & 1 ? STEP_CONFLICT : STEP_TAKEN;
    }
  }
  result.freeCount = freeCount;
  return result;
}

const validScratch = new Uint32Array(WORDS);
function validWords(from: number, to: number): Uint32Array {
  validScratch.fill(0);
  setRange(validScratch, 0, from, to);
  return validScratch;
}

function name(staffIndex: Int16Array, bits: number, base: number, i: number): void {
  while (bits !== 0) {
    const low = bits & -bits;
    staffIndex[base + 31 - Math.clz32(low)] = i;
    bits ^= low;
  }
}

/** One start time as screens and calls show it. */
export interface Slot {
  /** step number within the store-day */
  step: number;
  /** '09:30 am', wall clock in the store's zone */
  time: string;
  /** ISO-8601 with the store's offset: tells the two 1:30 am apart on a fall-back day */
  startIso: string;
  startAt: number;
  free: boolean;
  /** offered to staff over an overlap (staff booking) */
  conflict: boolean;
  /** the named free staff member */
  staffId: StaffId | null;
}

/** The start steps a result offers (free or, for staff booking, conflicting), in time order. */
export function slotsOf(r: AvailabilityResult, opts: { includeTaken?: boolean } = {}): Slot[] {
  const out: Slot[] = [];
  const labels = stepLabels(r.day);
  for (let s = 0; s < r.state.length; s++) {
    const st = r.state[s];
    if (st === STEP_CLOSED || (st === STEP_TAKEN && !opts.includeTaken)) continue;
    const i = r.staffIndex[s];
    out.push({
      step: s,
      time: labels.time[s],
      startIso: labels.iso[s],
      startAt: instantAt(r.day, s),
      free: st === STEP_FREE,
      conflict: st === STEP_CONFLICT,
      staffId: i >= 0 ? r.staff[i].id : null,
    });
  }
  return out;
}

/** The first free start and its named staff member (the kiosk's wait is its start minus now); null when none. */
export function firstFree(r: AvailabilityResult): { step: number; startAt: number; staffId: StaffId } | null {
  for (let s = 0; s < r.state.length; s++) {
    if (r.state[s] === STEP_FREE) return { step: s, startAt: instantAt(r.day, s), staffId: r.staff[r.staffIndex[s]].id };
  }
  return null;
}

/** The steps [from, to) a time range covers on the store-day, read as the engine reads appointments. */
export function coveredSteps(day: StoreDay, r: TimeRange): { from: number; to: number } {
  const from = Math.max(0, startStep(day, r));
  const to = Math.min(day.stepCount, endStep(day, r));
  return { from, to: Math.max(from, to) };
}

/**
 * The live appointments of one staff member (their own or claimed for them) that a booking over `range`
 * would overlap: what a staff booking's answer and the activity log name.
 */
export function overlapping<A extends AvailabilityAppointment>(
  day: StoreDay,
  appointments: readonly A[],
  staffId: StaffId,
  range: TimeRange,
  excludeAppointmentId: number | string | null = null,
): A[] {
  const want = coveredSteps(day, range);
  if (isReservedColumn(staffId) || want.to <= want.from) return [];
  return appointments.filter((a) => {
    if (a.status === 'CANCEL' || a.status === 'REQUEST CANCEL') return false;
    if (excludeAppointmentId !== null && a.id === excludeAppointmentId) return false;
    const holder = isReservedColumn(a.staffId) ? a.claimStaffId : a.staffId;
    if (holder !== staffId) return false;
    const got = coveredSteps(day, a);
    return got.from < want.to && want.from < got.to;
  });
}

/**
 * The time one staff member's live appointments (their own or claimed for them) hold on a store-day, as
 * instants: what another store of the same person reads as `busyElsewhere` (docs/product/availability.md).
 */
export function heldInstants(day: StoreDay, appointments: readonly AvailabilityAppointment[], staffId: StaffId): Array<{ startAt: number; endAt: number }> {
  const out: Array<{ startAt: number; endAt: number }> = [];
  if (isReservedColumn(staffId)) return out;
  for (const a of appointments) {
    if (a.status === 'CANCEL' || a.status === 'REQUEST CANCEL') continue;
    const holder = isReservedColumn(a.staffId) ? a.claimStaffId : a.staffId;
    if (holder !== staffId) continue;
    const r = coveredSteps(day, a);
    if (r.to > r.from) out.push({ startAt: instantAt(day, r.from), endAt: instantAt(day, r.to) });
  }
  return out;
}
