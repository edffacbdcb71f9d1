import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { CANCEL_COLUMN } from '@turnbook/domain/calendar-columns';
import { columnTitle, dollars, shortDate, type Report } from './report-model';

const PALETTE = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6', 'red.6', 'yellow.7', 'violet.6', 'green.6'];
/**
 * Each day's income as a stacked bar, a colour per column (loaded only with a report: recharts is large).
 * Cancelled is not revenue: it is left out of the chart, as it is of the total.
 */
export default function ReportChart({ report }: { report: Report }) {
  const columns = report.columns.filter((c) => c.id !== CANCEL_COLUMN && report.totalsCents[String(c.id)]);
  const data = report.rows.map((r) => ({
    date: shortDate(r.date),
    ...Object.fromEntries(columns.map((c) => [columnTitle(c.name), (r.incomeCents[String(c.id)] ?? 0) / 100])),
  }));
  return (
    <div role="img" aria-label={`Chart of each day's income, ${report.rows.length} days, total ${dollars(report.totalCents)}`}>
      <BarChart
        h={320}
        data={data}
        dataKey="date"
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(v) => dollars(Math.round(v * 100))}
        series={columns.map((c, i) => ({ name: columnTitle(c.name), color: PALETTE[i % PALETTE.length] }))}
      />
    </div>
  );
}
