import { createCalendar, Interaction, ResourceTimeGrid } from '@event-calendar/core';
import '@event-calendar/core/index.css';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { columnIdOf, columnsOf, toneOf } from '../src/features/day-grid/grid-model';
import { DAY, demoDay } from './demo-day';

// Candidate (a): EventCalendar's resourceTimeGrid in a thin React wrapper, with the same day and options
// the page needs (15-minute slots labelled every 30 minutes, columns that keep a width, drag on).
const { staff, appointments } = demoDay();
const COLORS: Record<ReturnType<typeof toneOf>, string> = { cancelled: '#f1f3f5', 'walk-in': '#f3f0ff', sale: '#b2f2bb', off: '#dee2e6', request: '#ffec99', online: '#a5d8ff', plain: '#ffffff' };
declare global {
  interface Window { mountCalendar: (el: HTMLElement) => void; moved?: unknown }
}

function EventCalendarView() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const resources = columnsOf(staff).map((c) => ({ id: c.id, title: c.title }));
    const events = appointments.map((a) => ({
      id: String(a.id), resourceIds: [columnIdOf(a)], title: `${a.customerFname} ${a.customerLname}`,
      start: `${DAY} ${String(Math.floor(a.startMin / 60)).padStart(2, '0')}:${String(a.startMin % 60).padStart(2, '0')}`,
      end: `${DAY} ${String(Math.floor(a.endMin / 60)).padStart(2, '0')}:${String(a.endMin % 60).padStart(2, '0')}`,
      backgroundColor: COLORS[toneOf(a)], textColor: '#000',
    }));
    const ec = createCalendar(ref.current!, [ResourceTimeGrid, Interaction], {
      view: 'resourceTimeGridDay', date: DAY, resources, events, headerToolbar: { start: '', center: '', end: '' },
      slotDuration: '00:15', slotLabelInterval: '00:30', slotMinTime: '09:00', slotMaxTime: '19:00', slotHeight: 24,
      columnWidth: '9.5rem', height: 'calc(100vh - 11rem)', editable: true, eventDurationEditable: false, snapDuration: '00:15',
      firstDay: 1, longPressDelay: 250,
      eventDrop: (info: { event: { id: string; start: Date; resourceIds: unknown[] } }) => {
        window.moved = { id: Number(info.event.id), staffId: Number(info.event.resourceIds[0]), startMin: info.event.start.getHours() * 60 + info.event.start.getMinutes() };
      },
    } as never);
    return () => void ec;
  }, []);
  return <div ref={ref} />;
}

window.mountCalendar = (el) => {
  flushSync(() => createRoot(el).render(<EventCalendarView />));
};
