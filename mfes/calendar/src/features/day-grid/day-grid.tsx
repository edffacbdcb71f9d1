import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12 } from '@turnbook/domain/hours/time12';
import { formatDollars } from '@turnbook/domain/money/money';
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { cardLines, columnTemplate, dropStart, outsideOpen, placeColumn, rowsOf, SLOT_MINUTES, slotLabel, timeParts, toneOf, type Placed } from './grid-model';
import { NowLine } from './now-line';
import './day-grid.css';

/** Height of one 15-minute slot, in px (the drag snaps to it). */
export const SLOT_PX = 24;

export interface GridColumn {
  /** unique in the grid; for a staff column its staff id, for a week day its date */
  key: string;
  title: string;
  /** a second header line (the day income, a date) */
  subtitle?: string;
  /** the column's date */
  date: string;
  /** the staff id a click books with or a drop moves to; undefined: none (week days) */
  staffId?: number;
  /** Online, Cancel or Unassigned: narrower than a staff column, and the first to scroll out of view */
  special?: boolean;
  color?: string;
  /** the staff member's weekly day off: the column is shaded */
  off?: boolean;
  items: AppointmentView[];
  /** a click on an empty slot books here */
  bookable: boolean;
  /** appointments may be dropped here */
  droppable: boolean;
  onTitleClick?: () => void;
}

export interface MoveRequest {
  appointment: AppointmentView;
  staffId: number;
  startMin: number;
}

/** Where a dragged card would land now: shown before the drop (ruling 10, issue 30 item 14). */
interface Landing extends MoveRequest {
  key: string;
  endMin: number;
  /** outside the store's hours that day: the drop is refused */
  outside: boolean;
}

export interface DayGridProps {
  columns: GridColumn[];
  range: { open: number; close: number };
  /** the store's open hours on the day: slots outside are shaded */
  open?: { open: number; close: number } | null;
  /** the minute the grid opens scrolled to (today: before now; another day: its opening), once per day shown */
  firstMinute?: number;
  /** today's view: the store's time zone, for the line at the current time */
  nowZone?: string;
  onSlotClick?: (column: GridColumn, minutes: number) => void;
  onAppointmentClick?: (a: AppointmentView) => void;
  /** whether this appointment may be dragged */
  canDrag?: (a: AppointmentView) => boolean;
  onMove?: (move: MoveRequest) => void;
  label: string;
}

/**
 * The staff-column grid: one CSS grid, 15-minute rows, a sticky header and time column, columns that keep a
 * minimum width and scroll sideways past 4. Appointments are dragged with dnd-kit (mouse, long press on
 * touch, or the keyboard: space lifts, arrows move a slot or a column, space drops).
 */
export function DayGrid({ columns, range, open, firstMinute, nowZone, onSlotClick, onAppointmentClick, canDrag, onMove, label }: DayGridProps) {
  const slots = (range.close - range.open) / SLOT_MINUTES;
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Opens on now (today) or the day's hours, once per day shown: a refetch or a minute passing never pulls
  // the grid back while someone is looking elsewhere in it.
  const scrolledFor = useRef<string | null>(null);
  const day = `${columns[0]?.date}:${range.open}`;
  useLayoutEffect(() => {
    if (!scrollRef.current || firstMinute === undefined || scrolledFor.current === day) return;
    scrolledFor.current = day;
    scrollRef.current.scrollTop = Math.max(0, ((firstMinute - range.open) / SLOT_MINUTES) * SLOT_PX);
  }, [day, firstMinute, range.open]);
  const keyboard = useMemo(() => keyboardMoves(gridRef), []);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A long press lifts a card; a quick swipe still scrolls the grid sideways or down.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    // Instant scrolls: a drop reads the scroll into its delta, and a smooth scroll still under way would be cut short.
    useSensor(KeyboardSensor, { coordinateGetter: keyboard, scrollBehavior: 'auto' }),
  );
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const [landing, setLanding] = useState<Landing | null>(null);
  const landingOf = (e: DragMoveEvent | DragEndEvent): Landing | null => {
    const a = e.active.data.current?.appointment as AppointmentView | undefined;
    const target = e.over ? byKey.get(String(e.over.id)) : undefined;
    if (!a || !target || target.staffId === undefined || !target.droppable) return null;
    const startMin = dropStart(a, Math.round(e.delta.y / SLOT_PX));
    const endMin = startMin + (a.endMin - a.startMin);
    // A card that only changes column keeps its time, even one already outside the hours (a 3 am walk-in).
    const outside = startMin !== a.startMin && outsideOpen(open, startMin, endMin);
    return { appointment: a, staffId: target.staffId, startMin, endMin, key: target.key, outside };
  };
  const onDragMove = (e: DragMoveEvent) => {
    const next = landingOf(e);
    setLanding((l) => (l?.key === next?.key && l?.startMin === next?.startMin ? l : next));
  };
  const onDragEnd = (e: DragEndEvent) => {
    setLanding(null);
    const l = landingOf(e);
    if (!l || (l.startMin === l.appointment.startMin && l.staffId === l.appointment.staffId)) return;
    onMove?.({ appointment: l.appointment, staffId: l.staffId, startMin: l.startMin });
  };
  const style = {
    '--tb-slots': slots,
    '--tb-slot': `${SLOT_PX}px`,
    '--tb-hour-offset': `${-((range.open % 60) / SLOT_MINUTES) * SLOT_PX}px`,
    gridTemplateColumns: columnTemplate(columns),
  } as CSSProperties;
  return (
    <DndContext sensors={sensors} onDragMove={onDragMove} onDragOver={onDragMove} onDragEnd={onDragEnd} onDragCancel={() => setLanding(null)} accessibility={{ screenReaderInstructions: { draggable: 'To move an appointment, press space, use the arrow keys (up and down by 15 minutes, left and right by column), then press space to drop or escape to cancel.' } }}>
      <div className="tb-grid-scroll" ref={scrollRef} role="region" aria-label={label} tabIndex={0}>
        <div className="tb-grid" style={style} ref={gridRef}>
          <div className="tb-grid-corner" />
          {columns.map((c, i) => (
            <div key={c.key} className="tb-grid-head" style={{ gridColumn: i + 2, borderTopColor: c.color ? `#${c.color.replace(/^#/, '')}` : undefined }} data-testid={`column-${c.key}`}>
              {c.onTitleClick ? (
                <button type="button" className="tb-grid-head-link" onClick={c.onTitleClick}>{c.title}</button>
              ) : (
                <span className="tb-grid-head-title">{c.title}</span>
              )}
              {c.subtitle ? <span className="tb-grid-head-sub">{c.subtitle}</span> : null}
            </div>
          ))}
          <TimeColumn range={range} slots={slots} />
          {nowZone ? <NowLine zone={nowZone} range={range} slotPx={SLOT_PX} /> : null}
          {columns.map((c, i) => (
            <ColumnBody key={c.key} column={c} index={i} range={range} open={open} slots={slots} onSlotClick={onSlotClick} onAppointmentClick={onAppointmentClick} canDrag={canDrag} landing={landing?.key === c.key ? landing : null} />
          ))}
        </div>
      </div>
      {/* The lifted card follows the pointer above the grid (a card moved inside its column was clipped by it). */}
      <DragOverlay dropAnimation={null}>{landing ? <LiftedCard landing={landing} /> : null}</DragOverlay>
    </DndContext>
  );
}

const TimeColumn = memo(function TimeColumn({ range, slots }: { range: { open: number; close: number }; slots: number }) {
  const labels = [];
  for (let i = 0; i < slots; i++) {
    const m = range.open + i * SLOT_MINUTES;
    const text = slotLabel(m);
    if (text) labels.push(<div key={m} className="tb-grid-time" style={{ gridRow: `${i + 2} / span 2` }}>{text}</div>);
  }
  return <>{labels}</>;
});

interface ColumnBodyProps {
  column: GridColumn;
  index: number;
  range: { open: number; close: number };
  open?: { open: number; close: number } | null;
  slots: number;
  onSlotClick?: DayGridProps['onSlotClick'];
  onAppointmentClick?: DayGridProps['onAppointmentClick'];
  canDrag?: DayGridProps['canDrag'];
  /** the dragged card would land in this column */
  landing: Landing | null;
}

const ColumnBody = memo(function ColumnBody({ column, index, range, open, slots, onSlotClick, onAppointmentClick, canDrag, landing }: ColumnBodyProps) {
  const { setNodeRef, isOver } = useDroppable({ id: column.key, disabled: !column.droppable });
  const placed = useMemo(() => placeColumn(column.items, range), [column.items, range]);
  // Slots are drawn by the column's background, not one element each (20+ columns x 40 slots): a click
  // finds its slot from where it landed. Keyboard users book with the toolbar's Book button.
  const book = column.bookable && onSlotClick
    ? (e: MouseEvent<HTMLDivElement>) => {
        if (e.target !== e.currentTarget) return;
        const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
        const slot = Math.max(0, Math.min(slots - 1, Math.floor(y / SLOT_PX)));
        onSlotClick(column, range.open + slot * SLOT_MINUTES);
      }
    : undefined;
  const shade = (from: number, to: number, key: string) =>
    to > from ? <div key={key} className="tb-closed" style={{ top: ((from - range.open) / SLOT_MINUTES) * SLOT_PX, height: ((to - from) / SLOT_MINUTES) * SLOT_PX }} /> : null;
  return (
    <div
      ref={setNodeRef}
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

const landingTime = (l: Landing) => `${formatTime12(l.startMin)} - ${formatTime12(l.endMin)}`;
export const OUTSIDE_HOURS_MARK = "Outside the store's hours";

/** The outline where the card will land, with its new time (or why it cannot land there). */
function LandingMark({ landing, range }: { landing: Landing; range: { open: number; close: number } }) {
  const { rowStart, rowEnd } = rowsOf(landing, range);
  const style: CSSProperties = { top: (rowStart - 1) * SLOT_PX, height: (rowEnd - rowStart) * SLOT_PX };
  return (
    <div className="tb-landing" data-testid="landing" data-outside={landing.outside || undefined} style={style} aria-live="polite">
      {landingTime(landing)}
      {landing.outside ? <span>{OUTSIDE_HOURS_MARK}</span> : null}
    </div>
  );
}

function LiftedCard({ landing }: { landing: Landing }) {
  const { title } = cardLines(landing.appointment);
  return (
    <div className="tb-card tb-card-lifted" data-tone={toneOf(landing.appointment)} data-outside={landing.outside || undefined}>
      <span className="tb-card-title">{title}</span>
      <span className="tb-card-detail">{landing.outside ? OUTSIDE_HOURS_MARK : landingTime(landing)}</span>
    </div>
  );
}

function Card({ placed, onClick, draggable }: { placed: Placed; onClick?: (a: AppointmentView) => void; draggable: boolean }) {
  const { a, rowStart, rowEnd, lane, lanes } = placed;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `a${a.id}`, data: { appointment: a }, disabled: !draggable });
  const { title, service, time, kind, label } = cardLines(a);
  // Absolutely placed in its column: cheaper to lay out than a nested grid for hundreds of cards.
  const style: CSSProperties = {
    top: (rowStart - 1) * SLOT_PX + 1,
    height: (rowEnd - rowStart) * SLOT_PX - 2,
    left: `${(lane / lanes) * 100}%`,
    width: `${100 / lanes}%`,
  };
  // Customer, service, time: as many lines as the card's height shows; the rest is in its details on tap.
  // The visible lines are its name (a screen reader hears the separators and the kind of card too).
  const body = (
    <>
      <span className="tb-card-title">{title}</span>
      {service ? <span className="tb-card-line"><span className="tb-sr-only">, </span>{service}</span> : null}
      {time ? (
        <span className="tb-card-time">
          <span className="tb-sr-only">, </span>
          {timeParts(a.startMin, a.endMin).map((p, i) => (p.ampm ? <span key={i} className="tb-card-ampm">{p.text}</span> : p.text))}
        </span>
      ) : null}
      {a.sale ? <span className="tb-card-line"><span className="tb-sr-only">, </span>{formatDollars(a.sale)}</span> : null}
      {kind ? <span className="tb-sr-only">, {kind}</span> : null}
    </>
  );
  const common = { ref: setNodeRef, className: 'tb-card', 'data-tone': toneOf(a), 'data-dragging': isDragging || undefined, 'data-appointment': a.id, style, title: label };
  if (!onClick && !draggable) return <div {...common}>{body}</div>;
  return (
    <button
      type="button"
      {...common}
      {...(draggable ? attributes : {})}
      {...(draggable ? listeners : {})}
      aria-disabled={!onClick || undefined}
      onClick={onClick ? () => onClick(a) : undefined}
    >
      {body}
    </button>
  );
}

/** Keyboard moves of a lifted card: up and down by one slot, left and right by one column. */
function keyboardMoves(grid: { current: HTMLDivElement | null }): KeyboardCoordinateGetter {
  return (event, { currentCoordinates }) => {
    const col = grid.current?.querySelector('[data-col-body]')?.getBoundingClientRect().width ?? 150;
    // When the card is past the middle of the view, dnd-kit scrolls the page a slot instead of moving the card
    // and does not stop the browser's own arrow scroll (40px): the drop then landed a slot too far.
    if (event.code.startsWith('Arrow')) event.preventDefault();
    switch (event.code) {
      case 'ArrowDown':
        return { ...currentCoordinates, y: currentCoordinates.y + SLOT_PX };
      case 'ArrowUp':
        return { ...currentCoordinates, y: currentCoordinates.y - SLOT_PX };
      case 'ArrowRight':
        return { ...currentCoordinates, x: currentCoordinates.x + col };
      case 'ArrowLeft':
        return { ...currentCoordinates, x: currentCoordinates.x - col };
      default:
        return undefined;
    }
  };
}
