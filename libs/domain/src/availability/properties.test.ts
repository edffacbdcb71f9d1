import { isWeeklyDayOff } from '../hours/day-off';
import { availability, STEP_CONFLICT, STEP_FREE, type AvailabilityAppointment, type AvailabilityQuery, type AvailabilityStaff } from './engine';
import { setRange, spreadBusy, WORDS } from './mask';
import { storeDay, type StoreDay } from './store-day';

/** Seeded so a failure replays. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAYS: [string, string][] = [
  ['America/New_York', '2030-06-18'],
  ['America/New_York', '2030-03-10'],
  ['America/New_York', '2030-11-03'],
  ['Europe/London', '2030-03-31'],
  ['Europe/London', '2030-10-27'],
  ['Australia/Lord_Howe', '2030-10-06'],
];
const STATUSES = ['ON', 'APPROVED', 'PENDING', 'MODIFYING', 'CANCEL', 'REQUEST CANCEL'];
const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function randomQuery(r: () => number, day: StoreDay): AvailabilityQuery {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const staff: AvailabilityStaff[] = [];
  const count = 1 + Math.floor(r() * 8);
  for (let i = 0; i < count; i++) {
    staff.push({
      id: 10001 + i,
      onlineBooking: pick(['ON', 'ON', 'OFF', 'none']),
      archived: r() < 0.1,
      dayOff: r() < 0.2 ? pick(DAY_KEYS) : '',
      daysOff: r() < 0.2 ? [{ startMin: Math.floor(r() * 80) * 15, endMin: Math.floor(r() * 96 + 1) * 15 }] : [],
    });
  }
  const appointments: AvailabilityAppointment[] = [];
  const n = Math.floor(r() * 30);
  for (let k = 0; k < n; k++) {
    const start = Math.floor(r() * 92) * 15;
    const staffId = r() < 0.1 ? pick([0, 8888, 9999, 1111]) : pick(staff).id;
    appointments.push({
      id: k + 1,
      staffId,
      claimStaffId: staffId === 8888 && r() < 0.5 ? pick(staff).id : undefined,
      status: pick(STATUSES),
      startMin: start,
      endMin: Math.min(1440, start + (1 + Math.floor(r() * 8)) * 15),
    });
  }
  return {
    day,
    staff,
    appointments,
    durationMinutes: (1 + Math.floor(r() * 8)) * 15,
    mode: r() < 0.5 ? 'staff' : 'online',
    staffId: r() < 0.3 ? pick(staff).id : null,
    now: day.startMs + Math.floor(r() * 30) * 15 * 60_000 - 60_000,
    favourite: r() < 0.3 ? { staffId: pick(staff).id, bookWithFavourite: r() < 0.5 } : null,
  };
}

/** The rules written plainly, step by step, to check the masks against. */
function reference(q: AvailabilityQuery): { free: boolean[]; conflict: boolean[]; eligible: Set<number | string> } {
  const { day } = q;
  const n = Math.ceil((q.durationMinutes as number) / 15);
  const toStep = (m: number, end: boolean) => (end ? day.endAtWall[m === 0 ? 96 : Math.ceil(m / 15)] : day.startAtWall[Math.floor(m / 15)]);
  const live = (a: AvailabilityAppointment) => a.status !== 'CANCEL' && a.status !== 'REQUEST CANCEL';
  const holder = (a: AvailabilityAppointment) => ([0, 8888, 9999, 1111].includes(a.staffId as number) ? a.claimStaffId ?? null : a.staffId);
  const eligible = new Set<number | string>();
  const blocked = new Map<number | string, { off: boolean[]; busy: boolean[] }>();
  for (const s of q.staff) {
    if (s.archived) continue;
    if (q.staffId != null && s.id !== q.staffId) continue;
    const fav = q.favourite?.bookWithFavourite && q.favourite.staffId === s.id;
    if (q.mode === 'online' && s.onlineBooking !== 'ON' && !fav) continue;
    const mine = q.appointments.filter((a) => live(a) && holder(a) === s.id);
    if (isWeeklyDayOff(s.dayOff, day.weekday) && !mine.some((a) => toStep(a.endMin!, true) > toStep(a.startMin!, false))) continue;
    const off: boolean[] = [];
    const busy: boolean[] = [];
    for (let t = 0; t < day.stepCount; t++) {
      off[t] = t < day.openStep || t >= day.closeStep || (s.daysOff ?? []).some((r) => t >= toStep(r.startMin!, false) && t < toStep(r.endMin!, true));
      busy[t] = mine.some((a) => t >= toStep(a.startMin!, false) && t < toStep(a.endMin!, true));
    }
    eligible.add(s.id);
    blocked.set(s.id, { off, busy });
  }
  const free: boolean[] = [];
  const conflict: boolean[] = [];
  const onlineOpen = q.mode !== 'online' || q.now >= day.onlineFromMs;
  for (let s = 0; s < day.stepCount; s++) {
    const start = day.startMs + s * 15 * 60_000;
    const candidate = onlineOpen && start >= q.now && s >= day.openStep && s + n <= day.closeStep;
    let anyFree = false;
    let anyWorking = false;
    for (const b of blocked.values()) {
      let f = true;
      let w = true;
      for (let t = s; t < s + n; t++) {
        if (t >= day.stepCount || b.off[t]) w = false;
        if (t >= day.stepCount || b.off[t] || b.busy[t]) f = false;
      }
      anyFree ||= f;
      anyWorking ||= w;
    }
    free[s] = candidate && anyFree;
    conflict[s] = candidate && !anyFree && anyWorking && q.mode === 'staff';
  }
  return { free, conflict, eligible };
}

describe('properties over random store-days (DST days included)', () => {
  const r = rng(20301118);
  const cases = Array.from({ length: 300 }, (_, i) => randomQuery(r, storeDay(DAYS[i % DAYS.length][0], DAYS[i % DAYS.length][1], '8:00 am-9:00 pm')));

  it('when the masks are compared with the rules written step by step, then every free and conflicting start agrees', () => {
    for (const q of cases) {
      const got = availability(q);
      const want = reference(q);
      expect(Array.from(got.state, (x) => x === STEP_FREE)).toEqual(want.free);
      expect(Array.from(got.state, (x) => x === STEP_CONFLICT)).toEqual(want.conflict);
    }
  });

  it('when a start is free, then the named staff member is eligible and none of their live appointments overlaps the service', () => {
    let checked = 0;
    for (const q of cases) {
      const got = availability(q);
      const { eligible } = reference(q);
      for (let s = 0; s < q.day.stepCount; s++) {
        if (got.state[s] !== STEP_FREE) continue;
        const id = got.staff[got.staffIndex[s]].id;
        const from = q.day.startMs + s * 15 * 60_000;
        const to = from + got.steps * 15 * 60_000;
        const overlapping = q.appointments.filter((a) => {
          if (a.status === 'CANCEL' || a.status === 'REQUEST CANCEL') return false;
          if (a.staffId !== id && a.claimStaffId !== id) return false;
          const aFrom = q.day.startMs + q.day.startAtWall[Math.floor(a.startMin! / 15)] * 15 * 60_000;
          const aTo = q.day.startMs + q.day.endAtWall[a.endMin === 0 ? 96 : Math.ceil(a.endMin! / 15)] * 15 * 60_000;
          return aFrom < to && from < aTo;
        });
        if (!eligible.has(id) || overlapping.length) expect({ step: s, id, eligible: eligible.has(id), overlapping }).toEqual({ step: s, id, eligible: true, overlapping: [] });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  // Weekly days off are left out: there the last appointment is what makes the date a working day.
  it('when an appointment is removed (no weekly day off that date), then no free start is lost', () => {
    for (const c of cases) {
      if (!c.appointments.length) continue;
      const q = { ...c, staff: c.staff.map((s) => ({ ...s, dayOff: '' })) };
      const before = Array.from(availability(q).state);
      const after = availability({ ...q, appointments: q.appointments.slice(1) }).state;
      const lost = before.map((st, s) => (st === STEP_FREE && after[s] !== STEP_FREE ? s : -1)).filter((s) => s >= 0);
      expect(lost).toEqual([]);
    }
  });

  it('when the same query is asked twice, then the same staff members are named', () => {
    for (const q of cases.slice(0, 50)) {
      expect(Array.from(availability(q).staffIndex)).toEqual(Array.from(availability(q).staffIndex));
    }
  });
});

describe('day masks', () => {
  it('when ranges are set across word edges, then exactly those bits are set', () => {
    const r = rng(7);
    for (let k = 0; k < 300; k++) {
      const m = new Uint32Array(WORDS);
      const a = Math.floor(r() * 128);
      const b = Math.floor(r() * 129);
      setRange(m, 0, a, b);
      const got = Array.from({ length: 128 }, (_, s) => ((m[s >>> 5] >>> (s & 31)) & 1) === 1);
      expect([a, b, got]).toEqual([a, b, Array.from({ length: 128 }, (_, s) => s >= a && s < b)]);
    }
  });

  it('when a mask is spread for n steps, then bit s says whether any of s..s+n-1 was set', () => {
    const r = rng(11);
    for (let k = 0; k < 200; k++) {
      const m = new Uint32Array(WORDS);
      const bits: boolean[] = [];
      for (let s = 0; s < 128; s++) {
        bits[s] = r() < 0.05;
        if (bits[s]) setRange(m, 0, s, s + 1);
      }
      const n = 1 + Math.floor(r() * 100);
      spreadBusy(m, 0, n);
      const got = Array.from({ length: 128 }, (_, s) => ((m[s >>> 5] >>> (s & 31)) & 1) === 1);
      expect([n, got]).toEqual([n, Array.from({ length: 128 }, (_, s) => bits.slice(s, s + n).some(Boolean))]);
    }
  });
});
