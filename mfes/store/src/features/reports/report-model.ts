import { useQuery } from '@tanstack/react-query';
import { daysInRange, MAX_REPORT_DAYS, type Report } from '@turnbook/contracts/schemas/reports';
import { api } from '@turnbook/web-kit';
import { formatCents } from '@turnbook/domain/money/money';

export type { Report };

/** What the owner chose: days one by one, or a range (its end may still be open). */
export type Choice = { mode: 'days'; days: string[] } | { mode: 'range'; range: [string | null, string | null] };

/** The call's query for a choice, or why it cannot be run yet. */
export function reportQuery(choice: Choice): { query: { dates: string } | { from: string; to: string } } | { problem: string } {
  if (choice.mode === 'days') {
    const days = [...new Set(choice.days)].sort();
    if (!days.length) return { problem: 'Choose at least one day.' };
    if (days.length > MAX_REPORT_DAYS) return { problem: `Choose at most ${MAX_REPORT_DAYS} days.` };
    return { query: { dates: days.join(',') } };
  }
  const [from, to] = choice.range;
  if (!from) return { problem: 'Choose the first and last day.' };
  const end = to ?? from;
  if (daysInRange(from, end) > MAX_REPORT_DAYS) return { problem: `Choose at most ${MAX_REPORT_DAYS} days.` };
  return { query: { from, to: end } };
}

export const reportKeys = { report: (storeId: number, query: object | null) => ['reports', storeId, query] as const };

/** The report for the query last run (nothing until Run Reports). */
export function useReport(storeId: number, query: { dates: string } | { from: string; to: string } | null) {
  return useQuery({
    queryKey: reportKeys.report(storeId, query),
    queryFn: ({ signal }) => api.get('GET getReportByStoreIdAndRange/{storeId}', { storeId }, { query: query!, signal }) as Promise<Report>,
    enabled: query !== null,
    staleTime: 30_000,
  });
}

/** Integer cents as dollars with two decimals: 123456 → '$1,234.56'. */
export const dollars = (cents: number) => formatCents(cents);

/** A column's title: staff names are stored lower-cased. */
export const columnTitle = (name: string) => name.replace(/(?<=^|[\s"(])\S/g, (c) => c.toUpperCase());

/** MM-DD-YYYY, as the screens show dates. */
export const shortDate = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}-${date.slice(0, 4)}`;
