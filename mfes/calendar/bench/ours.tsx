import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { DayGrid, type GridColumn, type MoveRequest } from '../src/features/day-grid/day-grid';
import { columnIdOf, columnsOf, visibleRange } from '../src/features/day-grid/grid-model';
import { DAY, demoDay, OPEN } from './demo-day';

// Candidate (b): our CSS grid, the calendar page's own component, fed like the page feeds it.
const { staff, appointments } = demoDay();
const hours = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, '9:00 am-7:00 pm']));
declare global {
  interface Window { mountCalendar: (el: HTMLElement) => void; moved?: unknown }
}
window.mountCalendar = (el) => {
  const columns: GridColumn[] = columnsOf(staff).map((c) => ({
    key: String(c.id), date: DAY, staffId: c.id, title: c.title, subtitle: '$0.00', color: c.color,
    items: appointments.filter((a) => columnIdOf(a) === c.id), bookable: true, droppable: c.kind !== 'cancel',
  }));
  const range = visibleRange({ hours }, [DAY], appointments);
  const onMove = (m: MoveRequest) => void (window.moved = { id: m.appointment.id, staffId: m.staffId, startMin: m.startMin });
  flushSync(() =>
    createRoot(el).render(
      <DayGrid label="Monday" columns={columns} range={range} open={OPEN} onSlotClick={() => {}} onAppointmentClick={() => {}} canDrag={(a) => a.status !== 'CANCEL'} onMove={onMove} />,
    ),
  );
};
