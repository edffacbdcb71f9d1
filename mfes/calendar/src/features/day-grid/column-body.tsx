import { memo, useMemo, type MouseEvent } from 'react';
import { Card, LandingMark } from './grid-card';
import { placeColumn, slotLabel } from './grid-model';
import { SLOT_PX, type DayGridProps, type GridColumn, type Landing } from './grid-types';
import { underNowTime } from './now-line';
import { minuteAtSlot, slotsTo, type TimeAxis } from './time-axis';
import { useColumnDrop } from './use-drag-link';

/** The hour labels down the grid's left side, one each half hour the date's clock shows. */
export const TimeColumn = memo(function TimeColumn({ range, slots, now }: { range: TimeAxis; slots: number; now: number | null }) {
  const labels = [];
  for (let i = 0; i < slots; i++) {
    const m = minuteAtSlot(range, i);
    const text = slotLabel(m);
    if (text && !underNowTime(m, now)) labels.push(<div key={m} className="tb-grid-time" style={{ gridRow: `${i + 2} / span 2` }}>{text}</div>);
  }
  return <>{labels}</>;
});

interface ColumnBodyProps {
  column: GridColumn;
  index: number;
  range: TimeAxis;
  open?: { open: number; close: number } | null;
  slots: number;
  onSlotClick?: DayGridProps['onSlotClick'];
  onAppointmentClick?: DayGridProps['onAppointmentClick'];
  canDrag?: DayGridProps['canDrag'];
  /** the dragged card would land in this column */
  landing: Landing | null;
}

/** One column's slots (shaded outside its hours), its cards and where a dragged card would land. */
export const ColumnBody = memo(function ColumnBody({ column, index, range, open, slots, onSlotClick, onAppointmentClick, canDrag, landing }: ColumnBodyProps) {
  const { ref, isOver } = useColumnDrop(column.key);
  const placed = useMemo(() => placeColumn(column.items, range), [column.items, range]);
  // Slots are drawn by the column's background, not one element each (20+ columns x 40 slots): a click
  // finds its slot from where it landed. Keyboard users book with the toolbar's Book button.
  const book = column.bookable && onSlotClick
    ? (e: MouseEvent<HTMLDivElement>) => {
        if (e.target !== e.currentTarget) return;
        const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
        const slot = Math.max(0, Math.min(slots - 1, Math.floor(y / SLOT_PX)));
        onSlotClick(column, minuteAtSlot(range, slot));
      }
    : undefined;
  const shade = (from: number, to: number, key: string) =>
    to > from ? <div key={key} className="tb-closed" style={{ top: slotsTo(range, from) * SLOT_PX, height: (slotsTo(range, to) - slotsTo(range, from)) * SLOT_PX }} /> : null;
  return (
    <div
      ref={ref}
      className="tb-grid-col"
      data-over={isOver || undefined}
      data-col-body={column.key}
      data-bookable={book ? true : undefined}
      title={book ? `Book ${column.title}` : undefined}
      style={{ gridColumn: index + 2, gridRow: `2 / span ${slots}` }}
      onClick={book}
    >
      {column.off ? shade(range.open, range.close, 'off') : open === undefined ? null : open ? [shade(range.open, Math.max(range.open, open.open), 'before'), shade(Math.min(range.close, open.close), range.close, 'after')] : shade(range.open, range.close, 'closed')}
      {placed.map((p) => (
        <Card key={p.a.id} placed={p} onClick={onAppointmentClick} draggable={!!canDrag?.(p.a)} />
      ))}
      {landing ? <LandingMark landing={landing} range={range} /> : null}
    </div>
  );
});
