import { lockedOutText, tryAgainText } from './locked-out-text';

const now = new Date(2026, 10, 24, 15, 30, 0);

describe('tryAgainText', () => {
  it('when the wait is minutes, then it says them, rounded up, with the clock time they end', () => {
    expect(tryAgainText('Too many requests.', 900, now)).toBe('Too many requests. Please try again in 15 minutes (at 3:45 PM).');
    expect(tryAgainText('Too many requests.', 61, now)).toBe('Too many requests. Please try again in 2 minutes (at 3:31 PM).');
  });

  it('when the wait is under a minute, then it says the seconds', () => {
    expect(tryAgainText('Too many requests.', 1, now)).toBe('Too many requests. Please try again in 1 second (at 3:30 PM).');
    expect(tryAgainText('Too many requests.', 30, now)).toBe('Too many requests. Please try again in 30 seconds (at 3:30 PM).');
  });

  it('when the answer gave no wait, then it asks to wait a few minutes', () => {
    expect(tryAgainText('Too many requests.', undefined, now)).toBe('Too many requests. Please wait a few minutes and try again.');
  });
});

describe('lockedOutText', () => {
  it('when a login is throttled, then it says too many attempts and when to try again', () => {
    expect(lockedOutText(900, now)).toBe('Too many attempts. Please try again in 15 minutes (at 3:45 PM).');
    expect(lockedOutText(undefined, now)).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
});
