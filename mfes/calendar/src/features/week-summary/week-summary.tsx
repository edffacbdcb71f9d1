import { formatDollars } from '@turnbook/domain/money/money';
import { formatDate } from '../day-grid/grid-model';
import { appointmentsWord, bookedTime, type WeekDay, type WeekRow } from './week-model';
import '../day-grid/day-grid.css';
import './week-summary.css';

export interface WeekSummaryProps {
  label: string;
  rows: WeekRow[];
  days: WeekDay[];
  /** managers see each day's checked-out sales */
  showIncome: boolean;
  today: string;
  onOpenDay: (date: string) => void;
}

/** The week as a table: staff down, open days across, a count and booked time per cell; a tap opens the day. */
export function WeekSummary({ label, rows, days, showIncome, today, onOpenDay }: WeekSummaryProps) {
  return (
    <div className="tb-week-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="tb-week">
        <thead>
          <tr>
            <th scope="col" className="tb-week-corner">Staff</th>
            {days.map((d) => (
              <th key={d.date} scope="col" data-testid={`column-${d.date}`} data-today={d.date === today || undefined}>
                <button type="button" className="tb-week-day" onClick={() => onOpenDay(d.date)}>{formatDate(d.date, 'short')}</button>
                <span className="tb-week-sub">{appointmentsWord(d.count)}{showIncome ? ` · ${formatDollars(d.income)}` : ''}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.column.id}>
              <th scope="row" className="tb-week-staff" style={{ borderLeftColor: r.column.color ? `#${r.column.color.replace(/^#/, '')}` : undefined }}>{r.column.title}</th>
              {r.cells.map((c) => (
                <td key={c.date} data-today={c.date === today || undefined}>
                  <button type="button" className="tb-week-cell" data-cell={`${r.column.id}:${c.date}`} data-empty={c.count === 0 || undefined} onClick={() => onOpenDay(c.date)}>
                    <span className="tb-sr-only">{r.column.title}, {formatDate(c.date, 'long')}: </span>
                    <span className="tb-week-count">{c.count}</span>
                    <span className="tb-sr-only"> {c.count === 1 ? 'appointment' : 'appointments'}, </span>
                    <span className="tb-week-time">{c.off ? 'Day off' : bookedTime(c.minutes)}</span>
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
