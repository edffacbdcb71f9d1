import type { EmployeeView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { formatDollars } from '@turnbook/domain/money/money';
import { useMemo } from 'react';
import type { useDays } from '../calendar-data/queries';
import type { GridColumn } from '../day-grid/day-grid';
import {
  allOfDay,
  columnIdOf,
  columnsOf,
  incomeByColumn,
  nowMinuteIn,
  openHours,
  openingMinute,
  staffColumnIds,
  visibleColumns,
  visibleRange,
  weeklyOff,
} from '../day-grid/grid-model';
import { wallGapOn } from '../day-grid/wall-gap';
import { weekSummary } from '../week-summary/week-model';

/** What the grid (or the week's summary) shows of the days read: the columns the caller may see, their hours and income. */
export function useDayColumns({ store, staff, days, dates, date, today, view, access }: {
  store: StoreView;
  staff: EmployeeView[] | undefined;
  days: ReturnType<typeof useDays>['data'];
  dates: string[];
  date: string;
  today: string;
  view: 'day' | 'week';
  access: { manager: boolean; notLimited: boolean; isStoreLogin: boolean; userId?: number };
}) {
  const { manager, notLimited, isStoreLogin, userId } = access;
  const present = date >= today;
  const every = useMemo(() => columnsOf(staff ?? []), [staff]);
  // What names no column the salon sees (the TBD placeholder, an archived or unknown id) is in Unassigned.
  const staffColumns = useMemo(() => (staff ? staffColumnIds(every) : undefined), [staff, every]);
  const week = useMemo(() => (view === 'week' ? weekSummary(every, dates, days, staffColumns) : null), [view, every, dates, days, staffColumns]);
  const grid = useMemo(() => {
    const all = days.flatMap((d) => allOfDay(d));
    const shown = visibleColumns(every, { manager, frontDesk: isStoreLogin, userId }, date, today);
    const income = manager ? incomeByColumn(all, staffColumns) : null;
    // No rows for wall times the store's clock skips that date (a spring-forward night): none can be booked.
    const dayRange = { ...visibleRange(store, [date], all), gap: wallGapOn(store.timezone, date) };
    const dayOpen = openHours(store, date);
    return {
      range: dayRange,
      open: dayOpen,
      firstMinute: openingMinute(dayRange, dayOpen, date === today ? nowMinuteIn(store.timezone) : null),
      columns: shown.map(
        (c): GridColumn => ({
          key: String(c.id),
          date,
          staffId: c.id,
          special: c.kind !== 'staff',
          title: c.title,
          color: c.color,
          off: weeklyOff(c, date),
          subtitle: [weeklyOff(c, date) ? 'Day off' : '', income && c.kind === 'staff' ? formatDollars(income.get(c.id) ?? 0) : ''].filter(Boolean).join(' · ') || undefined,
          items: all.filter((a) => columnIdOf(a, staffColumns) === c.id),
          bookable: notLimited && present && c.kind !== 'cancel',
          droppable: notLimited && present && c.kind !== 'cancel',
        }),
      ),
    };
  }, [every, staffColumns, store, manager, notLimited, isStoreLogin, userId, date, today, present, days]);
  return { week, ...grid };
}
