import { DateTime, IANAZone } from 'luxon';

/** Every store has an IANA time zone (docs/architecture.md §3); this one when none is given. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export function isValidTimeZone(zone: string | null | undefined): boolean {
  return !!zone && IANAZone.isValidZone(zone);
}

/** The date `months` months before today in a store's zone (YYYY-MM-DD). */
export function monthsAgoIn(zone: string, months: number, now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone }).minus({ months }).toISODate()!;
}
