import { useQuery } from '@tanstack/react-query';
import type { FranchiseReport } from '@turnbook/contracts/schemas/franchise';
import { CANCEL_COLUMN } from '@turnbook/domain/calendar-columns';
import { api } from '@turnbook/web-kit';
import { csvField } from '../reports/report-csv';
import { columnTitle, type Report } from '../reports/report-model';

export type { FranchiseReport };
export type DaysQuery = { dates: string } | { from: string; to: string };
export type FranchiseQuery = DaysQuery & { storeIds: string };

/** The consolidated report for the question last run (nothing until Run Reports). */
export function useFranchiseReport(query: FranchiseQuery | null) {
  return useQuery({
    queryKey: ['franchise-report', query],
    queryFn: ({ signal }) => api.get('GET getFranchiseReport', undefined, { query: query!, signal }) as Promise<FranchiseReport>,
    enabled: query !== null,
    staleTime: 30_000,
  });
}

/**
 * Revenue per location and day in the store report's shape (a column per location), so its chart, table
 * and CSV show it as they show a store's staff.
 */
export function byLocation(r: FranchiseReport): Report {
  const totalsCents = Object.fromEntries(r.locations.map((l) => [String(l.storeId), l.totalCents]));
  return {
    storeId: 0,
    columns: r.locations.map((l) => ({ id: l.storeId, name: l.name })),
    rows: r.days.map((d) => ({ date: d.date, incomeCents: d.byStore, totalCents: d.totalCents })),
    totalsCents,
    totalCents: r.totalCents,
  };
}

export interface StaffLine {
  key: string;
  location: string;
  staff: string;
  cents: number;
}

/** Revenue per staff member over the chosen days, location by location (Cancelled is not revenue). */
export function byStaff(r: FranchiseReport): StaffLine[] {
  return r.locations.flatMap((l) =>
    l.columns
      .filter((c) => c.id !== CANCEL_COLUMN && (l.totalsCents[String(c.id)] ?? 0) > 0)
      .map((c) => ({ key: `${l.storeId}:${c.id}`, location: columnTitle(l.name), staff: columnTitle(c.name), cents: l.totalsCents[String(c.id)] ?? 0 })),
  );
}

const amount = (cents: number) => (cents / 100).toFixed(2);

/** The per-staff lines as CSV: Location, Staff, Revenue; CRLF lines as the store report's file. */
export function staffCsv(lines: StaffLine[]): string {
  const rows = [['Location', 'Staff', 'Revenue'], ...lines.map((l) => [l.location, l.staff, amount(l.cents)])];
  return `${rows.map((cells) => cells.map(csvField).join(',')).join('\r\n')}\r\n`;
}
