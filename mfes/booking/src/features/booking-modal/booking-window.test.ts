import { addDays, bookingWindow, dateProblem, longDate } from './booking-window';

describe('the booking window', () => {
  it('when it is late evening in New York but already tomorrow in UTC, then the window starts on the store’s today', () => {
    const w = bookingWindow('America/New_York', new Date('2026-11-24T03:30:00Z'));
    expect(w).toEqual({ min: '2026-11-23', max: '2027-01-07' });
  });

  it('when days are added across a month and a year end, then the calendar date rolls over', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('when a date is before today, after the 45th day or missing, then Search names the problem', () => {
    const w = { min: '2026-11-23', max: '2027-01-07' };
    expect(dateProblem('2026-11-22', w)).toBe('Please select today or a later date');
    expect(dateProblem('2027-01-08', w)).toBe('Please select a date within the next 45 days');
    expect(dateProblem('', w)).toBe('Please select a date');
    expect(dateProblem('2027-01-07', w)).toBeNull();
  });

  it('when a date is shown, then it reads as that calendar day wherever the device is', () => {
    expect(longDate('2026-11-24')).toBe('Tuesday, 11/24/2026');
  });
});
