import { useLayoutEffect, useRef, useState, type ComponentType, type CSSProperties } from 'react';
import { ColumnBody, TimeColumn } from './column-body';
import { DragLink } from './drag-link';
import type { DragLayerProps } from './drag-layer';
import { columnTemplate } from './grid-model';
import { SLOT_PX, type DayGridProps, type Landing } from './grid-types';
import { NowLine, nowShown, useNowMinute } from './now-line';
import { minuteAtSlot, slotCount, SLOT_MINUTES, slotsTo } from './time-axis';
import { DragLinkContext } from './use-drag-link';
import './day-grid.css';

export { SLOT_PX, type DayGridProps, type GridColumn, type MoveRequest } from './grid-types';
export { OUTSIDE_HOURS_MARK } from './grid-card';

// dnd-kit and the drag (15 KB gzip) load when the pointer enters the grid or a card gets focus (drag-link.ts).
let dragLayer: Promise<ComponentType<DragLayerProps>> | undefined;
const loadDragLayer = () => (dragLayer ??= import(/* webpackChunkName: "day-grid-drag" */ './drag-layer').then((m) => m.default));

/**
 * The staff-column grid: one CSS grid, 15-minute rows, a sticky header and time column, columns that keep a
 * minimum width and scroll sideways past 4. Appointments are dragged with dnd-kit (mouse, long press on
 * touch, or the keyboard: space lifts, arrows move a slot or a column, space drops), loaded at the first sign of a drag.
 */
export function DayGrid({ columns, range, open, firstMinute, nowZone, onSlotClick, onAppointmentClick, canDrag, onMove, label }: DayGridProps) {
  const slots = slotCount(range);
  const now = nowShown(useNowMinute(nowZone), range);
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Opens on now (today) or the day's hours, once per day shown: a refetch or a minute passing never pulls
  // the grid back while someone is looking elsewhere in it.
  const scrolledFor = useRef<string | null>(null);
  const day = `${columns[0]?.date}:${range.open}`;
  useLayoutEffect(() => {
    if (!scrollRef.current || firstMinute === undefined || scrolledFor.current === day) return;
    scrolledFor.current = day;
    scrollRef.current.scrollTop = Math.max(0, slotsTo(range, firstMinute) * SLOT_PX);
  }, [day, firstMinute, range]);
  const [landing, setLanding] = useState<Landing | null>(null);
  const [DragLayer, setDragLayer] = useState<ComponentType<DragLayerProps> | null>(null);
  const [link] = useState(() => {
    const l: DragLink = new DragLink(() => {
      // A failed load drops the kept gesture and leaves the grid as it is: the next pointer or focus tries again.
      loadDragLayer().then(
        (layer) => setDragLayer(() => layer),
        () => {
          dragLayer = undefined;
          l.letGo();
        },
      );
    });
    return l;
  });
  const style = {
    '--tb-slots': slots,
    '--tb-slot': `${SLOT_PX}px`,
    // the hour lines start from the first row's minute (a range opening in the gap starts at its end)
    '--tb-hour-offset': `${-((minuteAtSlot(range, 0) % 60) / SLOT_MINUTES) * SLOT_PX}px`,
    gridTemplateColumns: columnTemplate(columns),
  } as CSSProperties;
  return (
    <DragLinkContext.Provider value={link}>
      <div className="tb-grid-scroll" ref={scrollRef} role="region" aria-label={label} tabIndex={0} onPointerEnter={canDrag ? link.wantDrag : undefined}>
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
          <TimeColumn range={range} slots={slots} now={now} />
          {now !== null ? <NowLine now={now} range={range} slotPx={SLOT_PX} /> : null}
          {columns.map((c, i) => (
            <ColumnBody key={c.key} column={c} index={i} range={range} open={open} slots={slots} onSlotClick={onSlotClick} onAppointmentClick={onAppointmentClick} canDrag={canDrag} landing={landing?.key === c.key ? landing : null} />
          ))}
        </div>
      </div>
      {DragLayer ? <DragLayer link={link} gridRef={gridRef} columns={columns} range={range} open={open} onMove={onMove} canDrag={canDrag} landing={landing} setLanding={setLanding} /> : null}
    </DragLinkContext.Provider>
  );
}
