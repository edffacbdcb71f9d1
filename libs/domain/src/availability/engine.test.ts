import { toMinutes } from '../hours/time12';
import {
  availability,
  coveredSteps,
  firstFree,
  heldInstants,
  overlapping,
  slotsOf,
  STEP_CONFLICT,
  STEP_FREE,
  STEP_TAKEN,
  type AvailabilityAppointment,
  type AvailabilityQuery,
  type AvailabilityStaff,
} from './engine';
import { storeDay } from './store-day';

const ZONE = 'America/New_York';
const DATE = '2030-06-18'; // a Tuesday
const day = storeDay(ZONE, DATE, '9:00 am-6:00 pm');
const DAY_BEFORE = Date.parse('2030-06-17T12:00:00-04:00');

const min = (t: string) => toMinutes(t)!;
const appt = (staffId: number, start: string, end: string, status = 'ON', extra: Partial<AvailabilityAppointment> = {}): AvailabilityAppointment => ({
  staffId,
  status,
  startMin: min(start),
  endMin: min(end),
  ...extra,
});
const ann: AvailabilityStaff = { id: 10001, onlineBooking: 'ON' };
const bo: AvailabilityStaff = { id: 10002, onlineBooking: 'ON' };

function query(over: Partial<AvailabilityQuery> = {}): AvailabilityQuery {
  return { day, staff: [ann, bo], appointments: [], durationMinutes: 45, mode: 'online', now: DAY_BEFORE, ...over };
}
/** Start times (as '09:00 am') in the given state, with the named staff member when free. */
function times(q: AvailabilityQuery, which: 'free' | 'conflict' = 'free'): string[] {
  return slotsOf(availability(q))
    .filter((s) => (which === 'free' ? s.free : s.conflict))
    .map((s) => s.time);
}
function stateAt(q: AvailabilityQuery, time: string): number {
  const r = availability(q);
  const s = slotsOf(r, { includeTaken: true }).find((x) => x.time === time);
  return s ? r.state[s.step] : -1;
}
function namedAt(q: AvailabilityQuery, time: string) {
  return slotsOf(availability(q)).find((x) => x.time === time)?.staffId ?? null;
}

describe('store hours and service length', () => {
  it('when the store is open 9 to 6 and the service takes 45 minutes, then starts run 9:00 to 5:15 every 15 minutes', () => {
    const t = times(query());
    expect(t[0]).toBe('09:00 am');
    expect(t.at(-1)).toBe('05:15 pm');
    expect(t).toHaveLength(34);
  });

  it('when the service lengths are several, then they add up', () => {
    expect(times(query({ durationMinutes: [30, 45] })).at(-1)).toBe('04:45 pm');
  });

  it('when a length is not on the 15-minute grid, then it takes the whole last step', () => {
    expect(times(query({ durationMinutes: 50 })).at(-1)).toBe('05:00 pm');
  });

  it('when the store is closed that weekday, then nothing is offered in either mode', () => {
    const closed = storeDay(ZONE, DATE, { mon: '9:00 am-6:00 pm', tue: 'closed-closed', wed: '9:00 am-6:00 pm', thu: 'closed-closed', fri: 'closed-closed', sat: 'closed-closed', sun: 'closed-closed' });
    expect(times(query({ day: closed }))).toEqual([]);
    expect(times(query({ day: closed, mode: 'staff' }), 'conflict')).toEqual([]);
  });

  it('when the week hours are given, then the weekday of the date picks the day', () => {
    const week = storeDay(ZONE, DATE, { mon: 'closed-closed', tue: '10:00 am-12:00 pm', wed: 'closed-closed', thu: 'closed-closed', fri: 'closed-closed', sat: 'closed-closed', sun: 'closed-closed' });
    expect(times(query({ day: week }))).toEqual(['10:00 am', '10:15 am', '10:30 am', '10:45 am', '11:00 am', '11:15 am']);
  });

  it('when the service is longer than the open hours, then nothing is offered', () => {
    expect(times(query({ durationMinutes: 9 * 60 + 15 }))).toEqual([]);
  });

  it('when the durations add up to nothing, then the query is refused naming the field', () => {
    expect(() => availability(query({ durationMinutes: [] }))).toThrow(/durationMinutes/);
    expect(() => availability(query({ durationMinutes: -15 }))).toThrow(/durationMinutes/);
  });
});

describe('past steps', () => {
  it('when it is 10:07 that day, then the first start is 10:15', () => {
    expect(times(query({ now: Date.parse('2030-06-18T10:07:00-04:00') }))[0]).toBe('10:15 am');
  });

  it('when it is exactly 10:15, then 10:15 is still offered', () => {
    expect(times(query({ now: Date.parse('2030-06-18T10:15:00-04:00') }))[0]).toBe('10:15 am');
  });

  it('when the day is over, then nothing is offered, even to staff', () => {
    const late = Date.parse('2030-06-19T08:00:00-04:00');
    expect(times(query({ now: late }))).toEqual([]);
    expect(times(query({ now: late, mode: 'staff', appointments: [appt(10001, '09:00 am', '06:00 pm'), appt(10002, '09:00 am', '06:00 pm')] }), 'conflict')).toEqual([]);
  });
});

describe('appointments and overlaps', () => {
  const busy = [appt(10001, '09:00 am', '12:00 pm'), appt(10002, '09:00 am', '10:00 am')];

  it('when a booking ends at 10:00, then 10:00 is free for that staff member', () => {
    expect(namedAt(query({ appointments: busy }), '10:00 am')).toBe(10002);
    expect(times(query({ appointments: busy }))[0]).toBe('10:00 am');
  });

  it('when the one staff member chosen is busy, then online booking does not offer the slot', () => {
    const q = query({ appointments: busy, staffId: 10001 });
    expect(stateAt(q, '11:00 am')).toBe(STEP_TAKEN);
    expect(times(q)[0]).toBe('12:00 pm');
  });

  it('when the one staff member chosen is busy, then staff booking offers the slot marked as a conflict (staff may overbook)', () => {
    const q = query({ appointments: busy, staffId: 10001, mode: 'staff' });
    expect(stateAt(q, '11:00 am')).toBe(STEP_CONFLICT);
    expect(stateAt(q, '11:30 am')).toBe(STEP_CONFLICT);
    expect(stateAt(q, '12:00 pm')).toBe(STEP_FREE);
  });

  it('when the service would run into the next appointment, then the start is not free', () => {
    const q = query({ appointments: [appt(10001, '01:00 pm', '02:00 pm')], staffId: 10001 });
    expect(stateAt(q, '12:15 pm')).toBe(STEP_FREE);
    expect(stateAt(q, '12:30 pm')).toBe(STEP_TAKEN);
  });

  it('when every staff member is busy, then staff booking for anyone marks the slot a conflict and online does not offer it', () => {
    const full = [appt(10001, '09:00 am', '11:00 am'), appt(10002, '09:00 am', '11:00 am')];
    expect(stateAt(query({ appointments: full }), '09:00 am')).toBe(STEP_TAKEN);
    expect(stateAt(query({ appointments: full, mode: 'staff' }), '09:00 am')).toBe(STEP_CONFLICT);
  });

  it.each(['CANCEL', 'REQUEST CANCEL'])('when an appointment is %s, then it never blocks', (status) => {
    expect(stateAt(query({ appointments: [appt(10001, '09:00 am', '06:00 pm', status)], staffId: 10001 }), '10:00 am')).toBe(STEP_FREE);
  });

  it.each(['PENDING', 'MODIFYING', 'APPROVED', 'ON'])('when a request or appointment is %s, then it holds its slot', (status) => {
    expect(stateAt(query({ appointments: [appt(10001, '10:00 am', '11:00 am', status)], staffId: 10001 }), '10:00 am')).toBe(STEP_TAKEN);
  });

  it.each([0, 8888, 9999, 1111])('when an appointment sits on column %p, then it blocks no real staff member', (column) => {
    const q = query({ staff: [...query().staff, { id: column, onlineBooking: 'ON' }], appointments: [appt(column, '09:00 am', '06:00 pm')] });
    expect(times(q)).toHaveLength(34);
    expect(slotsOf(availability(q)).every((s) => s.staffId !== column)).toBe(true);
  });

  it("when an 'anyone' request stays on 8888 and claims a staff member, then that staff member's time is held", () => {
    const q = query({ appointments: [appt(8888, '09:00 am', '06:00 pm', 'PENDING', { claimStaffId: 10002 })], staffId: 10002 });
    expect(times(q)).toEqual([]);
    expect(times(query({ appointments: q.appointments, staffId: 10001 }))).toHaveLength(34);
  });

  it('when two appointments overlap and one is cancelled, then the step stays held by the other', () => {
    const both = [appt(10001, '10:00 am', '11:00 am', 'ON', { id: 1 }), appt(10001, '10:00 am', '11:00 am', 'CANCEL', { id: 2 })];
    expect(stateAt(query({ appointments: both, staffId: 10001 }), '10:00 am')).toBe(STEP_TAKEN);
  });

  it('when an appointment is being moved, then it does not conflict with itself', () => {
    const own = [appt(10001, '10:00 am', '11:00 am', 'ON', { id: 77 })];
    const q = query({ appointments: own, staffId: 10001, mode: 'staff', excludeAppointmentId: 77 });
    expect(stateAt(q, '10:15 am')).toBe(STEP_FREE);
  });

  it('when appointments are given as instants, then they block the same steps as wall-clock minutes', () => {
    const asInstant: AvailabilityAppointment = { staffId: 10001, status: 'ON', startAt: Date.parse('2030-06-18T10:00:00-04:00'), endAt: Date.parse('2030-06-18T11:00:00-04:00') };
    const a = availability(query({ appointments: [asInstant], staffId: 10001 }));
    const b = availability(query({ appointments: [appt(10001, '10:00 am', '11:00 am')], staffId: 10001 }));
    expect(Array.from(a.state)).toEqual(Array.from(b.state));
  });

  it('when an appointment ends at midnight (12:00 am), then it runs to the end of the day', () => {
    const lateDay = storeDay(ZONE, DATE, '9:00 am-12:00 am');
    const q = query({ day: lateDay, appointments: [appt(10001, '10:00 pm', '12:00 am')], staffId: 10001 });
    expect(times(q).at(-1)).toBe('09:15 pm');
  });
});

describe('who works that day', () => {
  it('when a staff member has the weekday as a weekly day off, then they are offered in neither mode', () => {
    const q = query({ staff: [{ ...ann, dayOff: 'tue' }], mode: 'staff' });
    expect(times(q)).toEqual([]);
    expect(times(q, 'conflict')).toEqual([]);
  });

  it('when a staff member with that weekly day off already works that date, then they are offered around it', () => {
    const q = query({ staff: [{ ...ann, dayOff: 'mon tue' }], appointments: [appt(10001, '09:00 am', '10:00 am')] });
    expect(times(q)[0]).toBe('10:00 am');
  });

  it('when the only appointment on their weekly day off is cancelled, then they no longer work that date', () => {
    const staff = [{ ...ann, dayOff: 'tue' }];
    expect(times(query({ staff, appointments: [appt(10001, '09:00 am', '10:00 am', 'ON')] }))).toHaveLength(30);
    expect(times(query({ staff, appointments: [appt(10001, '09:00 am', '10:00 am', 'CANCEL')] }))).toEqual([]);
  });

  it('when the weekly day off is another weekday, then it changes nothing', () => {
    expect(times(query({ staff: [{ ...ann, dayOff: 'sun mon' }] }))).toHaveLength(34);
  });

  it("when a staff member has a day-off record from 12:00 to 2:00, then that range is not offered, not even as a conflict", () => {
    const q = query({ staff: [{ ...ann, daysOff: [{ startMin: min('12:00 pm'), endMin: min('02:00 pm') }] }], mode: 'staff' });
    const all = slotsOf(availability(q));
    expect(all.find((s) => s.time === '11:15 am')?.free).toBe(true);
    expect(all.find((s) => s.time === '11:30 am')).toBeUndefined();
    expect(all.find((s) => s.time === '01:45 pm')).toBeUndefined();
    expect(all.find((s) => s.time === '02:00 pm')?.free).toBe(true);
  });

  it('when a staff member is archived, then they are never offered', () => {
    expect(times(query({ staff: [{ ...ann, archived: true }], mode: 'staff' }))).toEqual([]);
    expect(times(query({ staff: [{ ...ann, archived: 1 }] }))).toEqual([]);
  });
});

describe('online booking flag and favourite', () => {
  const off: AvailabilityStaff = { id: 10003, onlineBooking: 'OFF' };
  const none: AvailabilityStaff = { id: 10004, onlineBooking: 'none' };

  it('when a staff member has Online Booking OFF or none, then online booking never names them', () => {
    const q = query({ staff: [off, none] });
    expect(times(q)).toEqual([]);
  });

  it('when a staff member has Online Booking OFF, then staff booking still offers them', () => {
    expect(namedAt(query({ staff: [off], mode: 'staff' }), '09:00 am')).toBe(10003);
  });

  it("when Online Booking is OFF but they are the customer's favourite with book-with-favourite on, then online booking offers them", () => {
    expect(namedAt(query({ staff: [off], favourite: { staffId: 10003, bookWithFavourite: true } }), '09:00 am')).toBe(10003);
  });

  it('when book-with-favourite is off, then the favourite is not offered online', () => {
    expect(times(query({ staff: [off], favourite: { staffId: 10003, bookWithFavourite: false } }))).toEqual([]);
  });

  it('when the favourite is 0 (none), then no one is added', () => {
    expect(times(query({ staff: [{ id: 0, onlineBooking: 'OFF' }, off], favourite: { staffId: 0, bookWithFavourite: true } }))).toEqual([]);
  });

  it('when the date is 45 days ahead in the store zone, then online booking offers it, and 46 days ahead it does not', () => {
    const now45 = Date.parse('2030-05-04T00:00:00-04:00');
    const now46 = Date.parse('2030-05-03T23:59:00-04:00');
    expect(times(query({ now: now45 }))).toHaveLength(34);
    expect(times(query({ now: now46 }))).toEqual([]);
    expect(times(query({ now: now46, mode: 'staff' }))).toHaveLength(34);
  });
});

describe("'anyone' names a free staff member fairly", () => {
  const cy: AvailabilityStaff = { id: 10003, onlineBooking: 'ON' };

  it('when several are free, then the least booked that day is named', () => {
    const q = query({ staff: [ann, bo, cy], appointments: [appt(10001, '03:00 pm', '04:00 pm'), appt(10003, '03:00 pm', '03:30 pm')] });
    expect(namedAt(q, '09:00 am')).toBe(10002);
  });

  it('when the least booked is busy, then the next least booked is named', () => {
    const q = query({ staff: [ann, bo, cy], appointments: [appt(10001, '03:00 pm', '05:00 pm'), appt(10002, '09:00 am', '09:30 am'), appt(10003, '09:00 am', '10:00 am')] });
    expect(namedAt(q, '09:00 am')).toBe(10001);
  });

  it('when they are booked equally, then the staff list order decides, every time', () => {
    const q = query({ staff: [bo, ann] });
    expect(namedAt(q, '09:00 am')).toBe(10002);
    expect(namedAt(q, '09:00 am')).toBe(10002);
  });

  it('when one staff member is chosen, then only they are named', () => {
    expect(new Set(slotsOf(availability(query({ staffId: 10002 }))).map((s) => s.staffId))).toEqual(new Set([10002]));
  });
});

describe('first free start', () => {
  it('when staff are busy until 11:00 and it is 10:05, then the first free start is 11:00 with the least booked named', () => {
    const q = query({ now: Date.parse('2030-06-18T10:05:00-04:00'), appointments: [appt(10001, '09:00 am', '11:30 am'), appt(10002, '09:00 am', '11:00 am')] });
    expect(firstFree(availability(q))).toEqual({ step: 44, startAt: Date.parse('2030-06-18T11:00:00-04:00'), staffId: 10002 });
  });

  it('when nobody is free all day, then there is none', () => {
    expect(firstFree(availability(query({ appointments: [appt(10001, '09:00 am', '06:00 pm'), appt(10002, '09:00 am', '06:00 pm')] })))).toBeNull();
  });
});

describe('appointments outside the day', () => {
  it('when an appointment given as instants began the evening before, then it blocks only from midnight and does not count as booked time before it', () => {
    const overnight: AvailabilityAppointment = { staffId: 10001, status: 'ON', startAt: Date.parse('2030-06-17T22:00:00-04:00'), endAt: Date.parse('2030-06-18T09:30:00-04:00') };
    // 10001: 38 steps from midnight (54 counting the evening before); 10002: 40 steps outside the store's hours
    const q = query({ appointments: [overnight, appt(10002, '12:00 am', '06:00 am'), appt(10002, '06:00 pm', '10:00 pm')] });
    expect(namedAt(q, '09:00 am')).toBe(10002);
    expect(namedAt(q, '09:30 am')).toBe(10001);
  });
});

describe('naming the overlap of a staff booking', () => {
  const list = [
    appt(10001, '10:00 am', '11:00 am', 'ON', { id: 1 }),
    appt(10001, '10:30 am', '11:30 am', 'CANCEL', { id: 2 }),
    appt(8888, '10:15 am', '10:45 am', 'PENDING', { id: 3, claimStaffId: 10001 }),
    appt(10002, '10:00 am', '11:00 am', 'ON', { id: 4 }),
    appt(10001, '11:00 am', '12:00 pm', 'APPROVED', { id: 5 }),
  ];

  it('when a booking 10:45-11:15 is made for a staff member, then their live and claimed appointments it touches are named', () => {
    expect(overlapping(day, list, 10001, { startMin: min('10:45 am'), endMin: min('11:15 am') }).map((a) => a.id)).toEqual([1, 5]);
    expect(overlapping(day, list, 10001, { startMin: min('10:15 am'), endMin: min('10:30 am') }).map((a) => a.id)).toEqual([1, 3]);
  });

  it('when a booking ends where another starts, or the appointment moved is itself, then nothing is named', () => {
    expect(overlapping(day, list, 10001, { startMin: min('09:00 am'), endMin: min('10:00 am') })).toEqual([]);
    expect(overlapping(day, list, 10001, { startMin: min('11:15 am'), endMin: min('12:00 pm') }, 5)).toEqual([]);
  });

  it('when the booking is on a reserved column, then it overlaps no one', () => {
    expect(overlapping(day, list, 8888, { startMin: min('10:00 am'), endMin: min('11:00 am') })).toEqual([]);
  });

  it('when a range is read, then it covers the steps the engine blocks', () => {
    expect(coveredSteps(day, { startMin: min('10:00 am'), endMin: min('11:00 am') })).toEqual({ from: 40, to: 44 });
    expect(coveredSteps(day, { startMin: min('11:00 am'), endMin: min('10:00 am') })).toEqual({ from: 44, to: 44 });
  });
});

describe('a staff member who also works at another store', () => {
  // The other store is an hour behind (Chicago): its 9:00-10:00 am is 10:00-11:00 am here.
  const chicago = storeDay('America/Chicago', DATE, '9:00 am-6:00 pm');
  const there = heldInstants(chicago, [appt(20001, '09:00 am', '10:00 am'), appt(20001, '01:00 pm', '02:00 pm', 'CANCEL'), appt(20002, '11:00 am', '12:00 pm')], 20001);
  const annBusyThere: AvailabilityStaff = { ...ann, busyElsewhere: there };

  it('when they are booked 9-10 at a store an hour behind, then online booking here does not offer them 10-11, and frees them at 11', () => {
    const t = times(query({ staff: [annBusyThere], durationMinutes: 15 }));
    expect(t).toContain('09:45 am');
    expect(t).not.toContain('10:00 am');
    expect(t).not.toContain('10:45 am');
    expect(t).toContain('11:00 am');
  });

  it('when staff book them here over that time, then the slot is offered as a conflict, not hidden', () => {
    expect(stateAt(query({ staff: [annBusyThere], durationMinutes: 15, mode: 'staff' }), '10:15 am')).toBe(STEP_CONFLICT);
  });

  it("when 'anyone' is asked, then a colleague free here is named instead", () => {
    expect(namedAt(query({ staff: [annBusyThere, bo], durationMinutes: 15 }), '10:00 am')).toBe(10002);
  });

  it('when their only booking that date is at the other store, then their weekly day off here stays a day off', () => {
    const off: AvailabilityStaff = { ...annBusyThere, dayOff: 'tue' };
    expect(times(query({ staff: [off], durationMinutes: 15 }))).toEqual([]);
  });

  it('when the other store\'s appointments are read, then only their live ones are held, as instants', () => {
    expect(there).toEqual([{ startAt: Date.parse('2030-06-18T09:00:00-05:00'), endAt: Date.parse('2030-06-18T10:00:00-05:00') }]);
  });
});
