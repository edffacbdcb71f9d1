import { closedWeek, formatDayHours, hoursOnDate, normalizeWeekHours, outsideHoursReason, parseDayHours, weekdayKeyOf } from './business-hours';

describe('business hours', () => {
  it.each([
    ['10:00 am-6:00 pm', { open: 600, close: 1080 }],
    ['10:00 AM - 6:00 PM', { open: 600, close: 1080 }],
    ['09:00 am-12:00 am', { open: 540, close: 1440 }],
    ['09:00-17:30', { open: 540, close: 1050 }],
    ['closed-closed', null],
    ['closed', null],
    ['closed-6:00 pm', null],
  ])('when %p is parsed, then it gives %p', (text, value) => {
    expect(parseDayHours(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'must be'],
    ['10:00 am', 'must be'],
    ['6:00 pm-10:00 am', 'must open before it closes'],
    ['10:00 am-10:00 am', 'must open before it closes'],
    ['ten-six', 'opening time'],
    ['10:00 am-six', 'closing time'],
  ])('when %p is parsed, then it is refused (%s)', (text, error) => {
    const r = parseDayHours(text);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain(error);
  });

  it('when a day is formatted, then it uses the spec form', () => {
    expect(formatDayHours({ open: 600, close: 1080 })).toBe('10:00 am-6:00 pm');
    expect(formatDayHours(null)).toBe('closed-closed');
  });

  it('when a week is normalised, then missing days are closed and times are canonical', () => {
    expect(normalizeWeekHours({ mon: '10:00 AM-06:00 PM', tue: 'closed-closed', sat: '09:00-17:00' })).toEqual({
      ok: true,
      value: { ...closedWeek(), mon: '10:00 am-6:00 pm', sat: '9:00 am-5:00 pm' },
    });
  });

  it('when one day is wrong, then the result names that day', () => {
    expect(normalizeWeekHours({ mon: '10:00 am-6:00 pm', wed: '5:00 pm-9:00 am' })).toEqual({
      ok: false,
      day: 'wed',
      error: 'must open before it closes',
    });
  });
});

describe("a staff booking inside the store's hours (ruling 5)", () => {
  const hours = { mon: '10:00 am-6:00 pm', tue: '10:00 am-6:00 pm', sun: 'closed-closed' };
  it('when a 75-minute appointment starts at 5:00 pm on a Monday closing at 6:00, then it is outside, with the hours in words', () => {
    expect(outsideHoursReason(hours, '2031-06-02', { startMin: 1020, endMin: 1095 })).toBe('open 10:00 am-6:00 pm on Mondays');
  });
  it('when it ends at closing time, then it fits', () => {
    expect(outsideHoursReason(hours, '2031-06-02', { startMin: 1005, endMin: 1080 })).toBeNull();
  });
  it('when the day is closed or has no hours, then it says closed', () => {
    expect(outsideHoursReason(hours, '2031-06-08', { startMin: 600, endMin: 660 })).toBe('closed on Sundays');
    expect(outsideHoursReason(hours, '2031-06-04', { startMin: 600, endMin: 660 })).toBe('closed on Wednesdays');
  });
  it('when a date is given, then its weekday is the calendar date\'s', () => {
    expect(weekdayKeyOf('2031-06-02')).toBe('mon');
    expect(hoursOnDate(hours, '2031-06-03')).toEqual({ open: 600, close: 1080 });
  });
});
