import { formatHour12, formatTime12, toMinutes } from './time12';

describe('12-hour times', () => {
  it.each([
    ['12:00 am', 0],
    ['12:30 am', 30],
    ['1:00 am', 60],
    ['09:30 am', 570],
    ['9:30am', 570],
    ['9:30 AM', 570],
    ['12:00 pm', 720],
    ['12:45 pm', 765],
    ['6:00 pm', 1080],
    ['11:30 pm', 1410],
    ['00:00', 0],
    ['18:15', 1095],
  ])('when %p is read, then it is %p minutes after midnight', (text, minutes) => {
    expect(toMinutes(text)).toBe(minutes);
  });

  it.each(['', '13:00 pm', '0:30 am', '9:60 am', 'noon', '24:00', '9 am', null, undefined])(
    'when %p is read, then it is not a time',
    (text) => {
      expect(toMinutes(text as string)).toBeNull();
    },
  );

  it.each([
    [0, '12:00 am', '12:00 am'],
    [570, '09:30 am', '9:30 am'],
    [720, '12:00 pm', '12:00 pm'],
    [1410, '11:30 pm', '11:30 pm'],
    [1440, '12:00 am', '12:00 am'],
  ])('when %p minutes are written, then appointments show %p and hours show %p', (minutes, appt, hours) => {
    expect(formatTime12(minutes)).toBe(appt);
    expect(formatHour12(minutes)).toBe(hours);
  });

  it('when every half hour of a day is written and read back, then it round-trips', () => {
    for (let m = 0; m < 1440; m += 30) expect(toMinutes(formatTime12(m))).toBe(m);
  });
});

import { isValidTimeZone, monthsAgoIn } from './time-zone';
import { todayIn } from './today';

describe('store time zones', () => {
  it.each([
    ['America/New_York', true],
    ['Europe/Paris', true],
    ['UTC', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('when the zone is %p, then valid is %p', (zone, ok) => {
    expect(isValidTimeZone(zone)).toBe(ok);
  });

  it('when it is 2 am UTC, then New York is still on the day before', () => {
    const now = new Date('2026-03-08T02:00:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-03-07');
    expect(todayIn('UTC', now)).toBe('2026-03-08');
    expect(monthsAgoIn('UTC', 72, now)).toBe('2020-03-08');
  });
});
