/**
 * What a throttled login says (rulings 20: when to try again, not that the password is wrong), from the 429's
 * `retryAfter` seconds, e.g. 'Too many attempts. Please try again in 15 minutes (at 3:45 PM).'
 */
export function lockedOutText(retryAfter: number | undefined, now: Date = new Date()): string {
  if (retryAfter === undefined) return 'Too many attempts. Please wait a few minutes and try again.';
  const wait = retryAfter < 60 ? `${Math.max(1, retryAfter)} second${retryAfter === 1 ? '' : 's'}` : `${Math.ceil(retryAfter / 60)} minute${Math.ceil(retryAfter / 60) === 1 ? '' : 's'}`;
  const at = new Date(now.getTime() + retryAfter * 1000).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `Too many attempts. Please try again in ${wait} (at ${at}).`;
}
