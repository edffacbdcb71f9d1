import { DndContext, DragOverlay } from '@dnd-kit/core';
import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { ColumnBody, TimeColumn } from './column-body';
import { LiftedCard } from './grid-card';
import { columnTemplate, SLOT_MINUTES } from './grid-model';
import { SLOT_PX, type DayGridProps } from './grid-types';
import { NowLine } from './now-line';
import { useGridDrag } from './use-grid-drag';
import './day-grid.css';

export { SLOT_PX, type DayGridProps, type GridColumn, type MoveRequest } from './grid-types';
export { OUTSIDE_HOURS_MARK } from './grid-card';

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
  const { sensors, landing, onDragMove, onDragEnd, onDragCancel } = useGridDrag(gridRef, { columns, open, onMove });
  const style = {
    '--tb-slots': slots,
    '--tb-slot': `${SLOT_PX}px`,
    '--tb-hour-offset': `${-((range.open % 60) / SLOT_MINUTES) * SLOT_PX}px`,
    gridTemplateColumns: columnTemplate(columns),
  } as CSSProperties;
  return (
    <DndContext sensors={sensors} onDragMove={onDragMove} onDragOver={onDragMove} onDragEnd={onDragEnd} onDragCancel={onDragCancel} accessibility={{ screenReaderInstructions: { draggable: 'To move an appointment, press space, use the arrow keys (up and down by 15 minutes, left and right by column), then press space to drop or escape to cancel.' } }}>
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
