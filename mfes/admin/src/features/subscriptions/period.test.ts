import { periodText } from './period';

describe('subscription period', () => {
  it('when start and end are unix seconds, then they read as short month-day', () => {
    expect(periodText(Date.UTC(2025, 0, 5, 12) / 1000, Date.UTC(2025, 1, 5, 12) / 1000)).toBe('Jan 5 - Feb 5');
  });
  it('when a bound is missing, then nothing', () => {
    expect(periodText(null, 5)).toBe('');
  });
});
