import { DateTime } from 'luxon';
import { toMinutes } from '../hours/time12';
import { availability, slotsOf, type AvailabilityQuery } from './engine';
import { isoAt, realMinutes, storeDay, wallEndAfter, wallTimeExists } from './store-day';

const min = (t: string) => toMinutes(t)!;
const LONG_AGO = Date.parse('2030-01-01T00:00:00Z');

function slots(zone: string, date: string, hours: string, over: Partial<AvailabilityQuery> = {}) {
  const day = storeDay(zone, date, hours);
  return slotsOf(availability({ day, staff: [{ id: 10001, onlineBooking: 'ON' }], appointments: [], durationMinutes: 15, mode: 'staff', now: LONG_AGO, ...over })).filter((s) => s.free);
}

describe('store-day frame', () => {
  it.each([
    ['America/New_York', '2030-06-18', 96],
    ['America/New_York', '2030-03-10', 92],
    ['America/New_York', '2030-11-03', 100],
    ['Europe/London', '2030-03-31', 92],
    ['Europe/London', '2030-10-27', 100],
    ['America/St_Johns', '2030-03-10', 92],
    ['Australia/Lord_Howe', '2030-10-06', 94],
    ['Australia/Lord_Howe', '2030-04-07', 98],
    ['Asia/Kolkata', '2030-03-10', 96],
  ])('when the zone is %s on %s, then the day has %p real 15-minute steps', (zone, date, steps) => {
    expect(storeDay(zone, date, null).stepCount).toBe(steps);
  });

  // Santiago and Beirut change their clocks at midnight, so some days start at 1:00 am or end past midnight.
  it.each(['America/New_York', 'America/Santiago', 'Asia/Beirut', 'Australia/Lord_Howe'])(
    'when every date of 2030 in %s is laid out, then it starts and ends where luxon says the day does, on the right weekday',
    (zone) => {
      const mismatches: string[] = [];
      for (let d = DateTime.fromISO('2030-01-01', { zone }); d.year === 2030; d = d.plus({ days: 1 })) {
        const date = d.toISODate()!;
        const f = storeDay(zone, date, null);
        const start = d.startOf('day');
        const end = start.plus({ days: 1 }).startOf('day');
        const weekday = start.toFormat('ccc').toLowerCase();
        if (f.startMs !== start.toMillis() || f.endMs !== end.toMillis() || f.weekday !== weekday) mismatches.push(date);
        if (f.wallQuarter[0] < 0 || f.wallQuarter[f.stepCount] < 96) mismatches.push(`${date} wall`);
      }
      expect(mismatches).toEqual([]);
    },
  );

  it('when the zone is not an IANA zone, then it is refused naming timeZone', () => {
    expect(() => storeDay('Mars/Olympus', '2030-06-18', null)).toThrow(/timeZone/);
  });

  it('when the date is not YYYY-MM-DD, then it is refused naming date', () => {
    expect(() => storeDay('America/New_York', '06-18-2030', null)).toThrow(/date/);
    expect(() => storeDay('America/New_York', '2030-02-30', null)).toThrow(/date/);
  });

  it('when the hours text is not hours, then it is refused naming hours', () => {
    expect(() => storeDay('America/New_York', '2030-06-18', 'ten to six')).toThrow(/hours/);
  });

  it('when a step is shown, then its ISO time carries the store offset, half hours included', () => {
    const d = storeDay('Asia/Kolkata', '2030-03-10', null);
    expect(isoAt(d, 38)).toBe('2030-03-10T09:30:00+05:30');
  });
});

describe('daylight saving: America/New_York', () => {
  it('when it is the spring-forward day, then no start falls in the missing hour and 2:30 am is never offered', () => {
    const t = slots('America/New_York', '2030-03-10', '12:00 am-6:00 am').map((s) => s.time);
    expect(t.slice(6, 10)).toEqual(['01:30 am', '01:45 am', '03:00 am', '03:15 am']);
    expect(t.some((x) => x.startsWith('02:'))).toBe(false);
    expect(t).toHaveLength(20);
  });

  it('when a 45-minute service starts at 1:30 am on the spring-forward day, then it ends at 3:15 am and is blocked by a 3:00 appointment', () => {
    const q = { durationMinutes: 45, appointments: [{ staffId: 10001, status: 'ON', startMin: min('03:00 am'), endMin: min('03:15 am') }] };
    const t = slots('America/New_York', '2030-03-10', '12:00 am-6:00 am', q).map((s) => s.time);
    // 1:15 am plus 45 real minutes ends at 3:00 am EDT, just before the appointment
    expect(t).toContain('01:15 am');
    expect(t).not.toContain('01:30 am');
    expect(t).not.toContain('01:45 am');
  });

  it('when it is the fall-back day, then the repeated hour is offered twice with its two offsets', () => {
    const s = slots('America/New_York', '2030-11-03', '12:00 am-3:00 am');
    expect(s).toHaveLength(16);
    expect(s.filter((x) => x.time === '01:30 am').map((x) => x.startIso)).toEqual(['2030-11-03T01:30:00-04:00', '2030-11-03T01:30:00-05:00']);
  });

  it('when an appointment is written 1:15-1:45 am on the fall-back day, then it is read the way that blocks more (first 1:15 to last 1:45)', () => {
    const q = { appointments: [{ staffId: 10001, status: 'ON', startMin: min('01:15 am'), endMin: min('01:45 am') }] };
    const s = slots('America/New_York', '2030-11-03', '12:00 am-3:00 am', q).map((x) => x.startIso);
    expect(s).toContain('2030-11-03T01:00:00-04:00');
    expect(s).not.toContain('2030-11-03T01:15:00-04:00');
    expect(s).not.toContain('2030-11-03T01:30:00-05:00');
    expect(s).toContain('2030-11-03T01:45:00-05:00');
  });

  it('when an appointment is given as instants in the second 1:00 hour, then only that hour is blocked', () => {
    const q = { appointments: [{ staffId: 10001, status: 'ON', startAt: Date.parse('2030-11-03T01:00:00-05:00'), endAt: Date.parse('2030-11-03T02:00:00-05:00') }] };
    const s = slots('America/New_York', '2030-11-03', '12:00 am-3:00 am', q).map((x) => x.startIso);
    expect(s).toContain('2030-11-03T01:45:00-04:00');
    expect(s).not.toContain('2030-11-03T01:00:00-05:00');
    expect(s).toContain('2030-11-03T02:00:00-05:00');
  });

  it('when the store is open 9 to 8 on either change day, then afternoon times keep their 12-hour labels', () => {
    for (const date of ['2030-03-10', '2030-11-03']) {
      const s = slots('America/New_York', date, '9:00 am-8:00 pm');
      expect(s[0].time).toBe('09:00 am');
      expect(s.find((x) => x.time === '01:00 pm')?.startIso).toMatch(/T13:00:00/);
      expect(s.at(-1)?.time).toBe('07:45 pm');
      expect(s).toHaveLength(44);
    }
  });

  it('when it is 1:50 am EST (after the repeat) on the fall-back day, then the repeated hour is past', () => {
    const now = Date.parse('2030-11-03T01:50:00-05:00');
    const s = slots('America/New_York', '2030-11-03', '12:00 am-3:00 am', { now }).map((x) => x.startIso);
    expect(s[0]).toBe('2030-11-03T02:00:00-05:00');
  });
});

describe("which wall times a day's clock shows", () => {
  it('when New York springs forward, then 2:00-2:59 am do not exist and 1:59 am, 3:00 am and the closing midnight do', () => {
    const day = storeDay('America/New_York', '2030-03-10', null);
    expect([0, 119, 120, 150, 179, 180, 1440].map((m) => wallTimeExists(day, m))).toEqual([true, true, false, false, false, true, true]);
    const ordinary = storeDay('America/New_York', '2030-03-11', null);
    expect([120, 150].map((m) => wallTimeExists(ordinary, m))).toEqual([true, true]);
  });

  it('when a service is added to a start, then the end is on the real clock, on paper where that would read earlier', () => {
    const spring = storeDay('America/New_York', '2030-03-10', null);
    expect([wallEndAfter(spring, 90, 45), wallEndAfter(spring, 100, 30), wallEndAfter(spring, 60, 30), wallEndAfter(spring, 90, 90)]).toEqual([195, 190, 90, 240]);
    const autumn = storeDay('America/New_York', '2030-11-03', null);
    // 12:30 am + 90 minutes: 1:00 am the second time (read late, as ends are); 1:30 am + 45: on paper, 2:15 am.
    expect([wallEndAfter(autumn, 30, 90), wallEndAfter(autumn, 90, 45)]).toEqual([60, 135]);
    const june = storeDay('America/New_York', '2030-06-18', null);
    expect([wallEndAfter(june, 600, 45), wallEndAfter(june, 1410, 60)]).toEqual([645, 1470]);
  });

  it('when an appointment spans a clock change, then its real minutes are read as the engine reads it', () => {
    expect(realMinutes(storeDay('America/New_York', '2030-03-10', null), 90, 195)).toBe(45);
    expect(realMinutes(storeDay('America/New_York', '2030-11-03', null), 90, 135)).toBe(105);
    expect(realMinutes(storeDay('America/New_York', '2030-06-18', null), 605, 650)).toBe(45);
    expect(realMinutes(storeDay('America/New_York', '2030-06-18', null), 1380, 1440)).toBe(60);
  });

  it.each(['America/New_York', 'America/Santiago', 'Asia/Beirut', 'Australia/Lord_Howe', 'America/St_Johns'])(
    'when every quarter hour of each clock-change day of 2030 in %s is asked, then it exists exactly when luxon keeps that wall time',
    (zone) => {
      const wrong: string[] = [];
      for (let d = DateTime.fromISO('2030-01-01', { zone }); d.year === 2030; d = d.plus({ days: 1 })) {
        const date = d.toISODate()!;
        const day = storeDay(zone, date, null);
        if (day.stepCount === 96 && day.wallQuarter[0] === 0) continue;
        for (let m = 0; m < 1440; m += 15) {
          const t = DateTime.fromObject({ year: d.year, month: d.month, day: d.day, hour: Math.floor(m / 60), minute: m % 60 }, { zone });
          const kept = t.hour * 60 + t.minute === m && t.day === d.day;
          if (wallTimeExists(day, m) !== kept) wrong.push(`${date} ${m}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe('daylight saving: Europe/London and half-hour zones', () => {
  it('when London springs forward, then 1:00-1:45 am are never offered; when it falls back, 1:00 am is offered twice', () => {
    const spring = slots('Europe/London', '2030-03-31', '12:00 am-3:00 am').map((x) => x.time);
    expect(spring.some((t) => t.startsWith('01:'))).toBe(false);
    const autumn = slots('Europe/London', '2030-10-27', '12:00 am-3:00 am').filter((x) => x.time === '01:00 am');
    expect(autumn.map((x) => x.startIso)).toEqual(['2030-10-27T01:00:00+01:00', '2030-10-27T01:00:00+00:00']);
  });

  it("when St John's (-3:30) springs forward, then the missing 2:00 hour has no starts and offsets stay on the half hour", () => {
    const s = slots('America/St_Johns', '2030-03-10', '12:00 am-5:00 am');
    expect(s.some((x) => x.time.startsWith('02:'))).toBe(false);
    expect(s.find((x) => x.time === '01:45 am')?.startIso).toBe('2030-03-10T01:45:00-03:30');
    expect(s.find((x) => x.time === '03:00 am')?.startIso).toBe('2030-03-10T03:00:00-02:30');
  });

  it('when Lord Howe moves its clock by half an hour, then 2:00-2:15 am are missing in spring and repeated in autumn', () => {
    const spring = slots('Australia/Lord_Howe', '2030-10-06', '12:00 am-4:00 am').map((x) => x.time);
    expect(spring).not.toContain('02:00 am');
    expect(spring).not.toContain('02:15 am');
    expect(spring).toContain('02:30 am');
    const autumn = slots('Australia/Lord_Howe', '2030-04-07', '12:00 am-4:00 am').filter((x) => x.time === '01:30 am');
    expect(autumn.map((x) => x.startIso)).toEqual(['2030-04-07T01:30:00+11:00', '2030-04-07T01:30:00+10:30']);
  });
});
