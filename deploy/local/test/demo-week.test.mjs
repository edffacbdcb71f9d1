import { DateTime } from 'luxon';
import { DEMO_STORE } from '../seed/demo-data.mjs';
import { planDemoWeek, WEEK_AHEAD, WEEK_BACK } from '../seed/demo-week.mjs';

const ZONE = 'America/New_York';
const staff = [
  { id: 1, role: 'admin' },
  { id: 2, role: 'admin' },
  { id: 3, role: 'superadmin', dayOff: 'mon' },
  { id: 4, role: 'staff', dayOff: 'tue' },
  { id: 5, role: 'limited', dayOff: 'wed' },
  { id: 6, role: 'staff', dayOff: 'thu' },
  { id: 7, role: 'staff', dayOff: 'sun mon' },
  { id: 8, role: 'TBD' },
];
const services = [
  { id: 11, name: 'Gel Manicure', duration: 45, price: 40 },
  { id: 12, name: 'Spa Pedicure', duration: 60, price: 55 },
  { id: 13, name: 'Acrylic Full Set', duration: 75, price: 60 },
  { id: 14, name: 'Nail Art', duration: 15, price: 15 },
  { id: 15, name: 'Gel Removal', duration: 20, price: 10, type: 'INTERNAL' },
];
const customers = Array.from({ length: 40 }, (_, i) => ({ id: 100 + i, fname: `c${i}`, lname: 'x', phone: `26755510${String(i).padStart(2, '0')}` }));

const plan = (now, daysOff = []) => planDemoWeek({ now, hours: DEMO_STORE.fields.hours, staff, services, customers, daysOff });
const LIVE = new Set(['ON', 'PENDING', 'APPROVED']);
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

describe('the demo week', () => {
  // A Wednesday afternoon, a Sunday (closed) evening, and a Monday morning before opening.
  const moments = ['2026-11-25T15:20', '2026-11-22T23:25', '2026-11-23T07:00'].map((t) => DateTime.fromISO(t, { zone: ZONE }));

  it.each(moments.map((m) => [m.toISO(), m]))('when the week around %s is planned, then no staff member holds two live appointments at once and nobody works a weekly day off or a closed day', (_, now) => {
    const days = plan(now);
    expect(days.length).toBeGreaterThanOrEqual(5);
    for (const day of days) {
      const weekday = WEEKDAYS[DateTime.fromISO(day.date, { zone: ZONE }).weekday - 1];
      expect(weekday).not.toBe('sun');
      const byStaff = new Map();
      for (const b of day.bookings) {
        expect(b.startMin).toBeGreaterThanOrEqual(day.open[0]);
        expect(b.endMin).toBeLessThanOrEqual(day.open[1]);
        if (b.staffId === 8888) continue;
        expect(staff.find((s) => s.id === b.staffId).dayOff ?? '').not.toContain(weekday);
        if (!LIVE.has(b.outcome)) continue;
        byStaff.set(b.staffId, [...(byStaff.get(b.staffId) ?? []), b]);
      }
      for (const list of byStaff.values()) {
        list.sort((a, b) => a.startMin - b.startMin);
        for (let k = 1; k < list.length; k++) expect(list[k].startMin).toBeGreaterThanOrEqual(list[k - 1].endMin);
      }
    }
  });

  it('when the week is planned, then it has every kind a salon sees: groups, online pending and approved, anyone, cancelled, checked out and days off', () => {
    const days = plan(moments[0]);
    const all = days.flatMap((d) => d.bookings.map((b) => ({ ...b, when: d.when })));
    const groups = all.filter((b) => b.group);
    expect(groups.length).toBeGreaterThanOrEqual(4);
    for (const b of groups) expect(b.note).toBe(`group size: ${groups.filter((g) => g.group === b.group).length}`);
    expect(all.some((b) => b.kind === 'online' && b.outcome === 'PENDING' && b.when !== 'past')).toBe(true);
    expect(all.some((b) => b.kind === 'online' && b.outcome === 'APPROVED')).toBe(true);
    expect(all.some((b) => b.kind === 'online' && b.staffId === 8888)).toBe(true);
    expect(all.some((b) => b.outcome === 'CANCEL')).toBe(true);
    expect(all.filter((b) => b.sale > 0).length).toBeGreaterThan(50);
    expect(all.some((b) => b.kind === 'dayOff' && b.note === 'OFF' && b.customerId === 0)).toBe(true);
    expect(all.some((b) => b.services.some((s) => s.type === 'INTERNAL'))).toBe(false);
  });

  it('when the week is planned, then only what is over is checked out and online requests come only after now', () => {
    const now = moments[0];
    const nowMin = now.hour * 60 + now.minute;
    for (const day of plan(now)) {
      for (const b of day.bookings) {
        if (b.sale > 0 && b.kind !== 'online') expect(day.when === 'past' || (day.when === 'today' && b.endMin <= nowMin)).toBe(true);
        if (b.kind === 'online' && day.when === 'today') expect(b.startMin).toBeGreaterThan(nowMin);
      }
    }
    expect(plan(now).map((d) => d.date)[0] >= now.minus({ days: WEEK_BACK }).toISODate()).toBe(true);
    expect(plan(now).at(-1).date <= now.plus({ days: WEEK_AHEAD }).toISODate()).toBe(true);
  });

  it('when the same day is planned twice, then the plan is the same; a day off recorded elsewhere keeps that staff member free', () => {
    const now = moments[0];
    expect(plan(now)).toEqual(plan(now.plus({ minutes: 0 })));
    const tomorrow = now.plus({ days: 1 }).toISODate();
    const off = plan(now, [{ staffId: 1, date: tomorrow }]).find((d) => d.date === tomorrow);
    expect(off.bookings.filter((b) => b.staffId === 1)).toEqual([]);
  });
});
