import { isDayOffRecord } from '@turnbook/domain';
import { allOfDay, columnIdOf, weeklyOff, type Column, type DayData } from '../day-grid/grid-model';

/**
 * The week at a glance (issue 31 item 2): one row per staff member (then Online, and Unassigned when it
 * has anything), one cell per open day with how many appointments and how much booked time; a tap opens
 * the day. Eight staff drawn as time lanes in six day columns were 18 px slivers on a tablet.
 */
export interface WeekCell {
  date: string;
  count: number;
  /** booked minutes */
  minutes: number;
  /** the staff member's weekly day off */
  off: boolean;
}
export interface WeekRow {
  column: Column;
  cells: WeekCell[];
}
export interface WeekDay {
  date: string;
  count: number;
  /** checked-out sales in dollars (what the caller may see) */
  income: number;
}

const counted = (list: ReturnType<typeof allOfDay>) => list.filter((a) => a.status !== 'CANCEL' && !isDayOffRecord(a));

export function weekSummary(columns: Column[], dates: string[], days: (DayData | undefined)[], staffColumns?: ReadonlySet<number>): { rows: WeekRow[]; days: WeekDay[] } {
  const perDay = dates.map((_, i) => counted(allOfDay(days[i])));
  const rows = columns
    .filter((c) => c.kind !== 'cancel')
    .map((column): WeekRow => ({
      column,
      cells: dates.map((date, i) => {
        const mine = perDay[i].filter((a) => columnIdOf(a, staffColumns) === column.id);
        return { date, count: mine.length, minutes: mine.reduce((s, a) => s + Math.max(0, a.endMin - a.startMin), 0), off: column.kind === 'staff' && weeklyOff(column, date) };
      }),
    }))
    .filter((r) => r.column.kind !== 'unassigned' || r.cells.some((c) => c.count > 0));
  return {
    rows,
    days: dates.map((date, i) => ({ date, count: perDay[i].length, income: perDay[i].reduce((s, a) => s + (a.sale ?? 0), 0) })),
  };
}

/** '2h 30m', '45m', '' for none. */
export function bookedTime(minutes: number): string {
  if (minutes <= 0) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : ''].filter(Boolean).join(' ');
}

export const appointmentsWord = (n: number) => `${n} ${n === 1 ? 'appointment' : 'appointments'}`;
