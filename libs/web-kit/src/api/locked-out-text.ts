/**
 * `what`, then when to try again from a 429's `retryAfter` seconds (rulings 20), e.g. 'Too many attempts.
 * Please try again in 15 minutes (at 3:45 PM).'; without a wait, to wait a few minutes.
 */
export function tryAgainText(what: string, retryAfter: number | undefined, now: Date = new Date()): string {
  if (retryAfter === undefined) return `${what} Please wait a few minutes and try again.`;
  const wait = retryAfter < 60 ? `${Math.max(1, retryAfter)} second${retryAfter === 1 ? '' : 's'}` : `${Math.ceil(retryAfter / 60)} minute${Math.ceil(retryAfter / 60) === 1 ? '' : 's'}`;
  const at = new Date(now.getTime() + retryAfter * 1000).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${what} Please try again in ${wait} (at ${at}).`;
}

/** What a throttled login says (rulings 20: when to try again, not that the password is wrong). */
export function lockedOutText(retryAfter: number | undefined, now: Date = new Date()): string {
  return tryAgainText('Too many attempts.', retryAfter, now);
}
