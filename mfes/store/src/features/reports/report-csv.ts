import { columnTitle, type Report } from './report-model';

/** Cents as a plain decimal for a spreadsheet: 123456 → '1234.56' (no symbol, no thousands separator). */
const amount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A text
 * a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report as CSV: Date, each column, Total; a row per day, then the totals row. Lines end with CRLF. */
export function reportCsv(report: Report): string {
  const header = ['Date', ...report.columns.map((c) => columnTitle(c.name)), 'Total'];
  const line = (cells: string[]) => cells.map(csvField).join(',');
  const lines = [line(header)];
  for (const row of report.rows) lines.push(line([row.date, ...report.columns.map((c) => amount(row.incomeCents[String(c.id)] ?? 0)), amount(row.totalCents)]));
  lines.push(line(['Total', ...report.columns.map((c) => amount(report.totalsCents[String(c.id)] ?? 0)), amount(report.totalCents)]));
  return `${lines.join('\r\n')}\r\n`;
}

/** The file name for a report's days. */
export const csvFileName = (report: Report) => (report.rows.length ? `report-${report.rows[0].date}-${report.rows[report.rows.length - 1].date}.csv` : 'report.csv');
