import { DAY_KEYS, formatDayHours, parseDayHours } from '@turnbook/domain/hours/business-hours';

const DAY_NAMES = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' } as const;

export interface HoursRow {
  day: string;
  /** '10:00 am - 6:00 pm', or 'CLOSED' */
  text: string;
  closed: boolean;
}

/** The week Monday to Sunday as the booking page lists it; a day without readable hours shows as closed. */
export function weekRows(hours: Record<string, string> | null | undefined): HoursRow[] {
  return DAY_KEYS.map((key) => {
    const parsed = parseDayHours(hours?.[key]);
    const open = parsed.ok ? parsed.value : null;
    return { day: DAY_NAMES[key], text: open ? formatDayHours(open).replace('-', ' - ') : 'CLOSED', closed: !open };
  });
}

/** '123 Main St, Suite 2, Philadelphia, PA 19103' from the store's address parts (blank parts left out). */
export function addressLine(s: { street?: string | null; address2?: string | null; city?: string | null; state?: string | null; zip?: string | null }): string {
  const stateZip = [s.state, s.zip].filter(Boolean).join(' ');
  return [s.street, s.address2, s.city, stateZip].filter((p) => p && String(p).trim()).join(', ');
}
