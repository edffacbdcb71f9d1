import { isDayOffRecord, isWeeklyDayOff, normalizeWeeklyDaysOff, parseTimeRange } from './day-off';

describe('weekly days off', () => {
  it.each([
    ['', ''],
    ['mon tue', 'mon tue'],
    ['SUN mon', 'mon sun'],
    ['tue,mon  tue', 'mon tue'],
  ])('when %p is normalised, then it is %p', (input, out) => {
    expect(normalizeWeeklyDaysOff(input)).toEqual({ ok: true, value: out });
  });

  it('when a word is not a day, then it is refused', () => {
    expect(normalizeWeeklyDaysOff('mon monday')).toEqual({ ok: false, error: expect.stringContaining("'monday'") });
  });

  it('when a weekday is in the schedule, then it is a day off', () => {
    expect(isWeeklyDayOff('mon sun', 'sun')).toBe(true);
    expect(isWeeklyDayOff('mon sun', 'tue')).toBe(false);
    expect(isWeeklyDayOff(null, 'tue')).toBe(false);
  });
});

describe('calendar day off records', () => {
  it.each([
    [{ customerId: 0, serviceIds: '0' }, true],
    [{ customerId: '0', serviceIds: 0 }, true],
    [{ customerId: 0, serviceIds: '1,2' }, false],
    [{ customerId: 5, serviceIds: '0' }, false],
  ])('when the record is %p, then day off is %p', (rec, yes) => {
    expect(isDayOffRecord(rec)).toBe(yes);
  });

  it.each([
    ['09:00 am', '05:00 pm', { ok: true, startMin: 540, endMin: 1020 }],
    ['12:00 am', '11:30 pm', { ok: true, startMin: 0, endMin: 1410 }],
    ['05:00 pm', '09:00 am', { ok: false, field: 'end', error: 'must be after the start time' }],
    ['09:00 am', '09:00 am', { ok: false, field: 'end', error: 'must be after the start time' }],
    ['nine', '05:00 pm', { ok: false, field: 'start', error: expect.any(String) }],
    ['09:00 am', 'later', { ok: false, field: 'end', error: expect.any(String) }],
  ])('when the range is %p to %p, then it gives %p', (start, end, out) => {
    expect(parseTimeRange(start, end)).toEqual(out);
  });
});
