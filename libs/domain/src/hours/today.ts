/**
 * Today's date (YYYY-MM-DD) in a store's zone, with Intl alone: the screens that need only this (the
 * calendar's first load) stay free of a time-zone library.
 */
export function todayIn(zone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
