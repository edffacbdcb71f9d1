import type { AppointmentView, EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { addDays, cardLines, columnIdOf, columnTemplate, compactTime, dropEnd, dropStart, staffColumnIds, formatDate, mondayOf, columnsOf, incomeByColumn, nowMinuteIn, openingMinute, placeColumn, rowsOf, slotLabel, toneOf, visibleColumns, visibleRange, weekDates, weeklyOff } from './grid-model';
import { minuteAtSlot, slotCount, slotsTo } from './time-axis';
import { wallGapOn } from './wall-gap';

const hours = { mon: '9:00 am-7:00 pm', tue: '10:00 am-6:00 pm', wed: '10:00 am-6:00 pm', thu: '10:00 am-6:00 pm', fri: '10:00 am-8:00 pm', sat: '9:00 am-5:00 pm', sun: 'closed-closed' };
const appt = (over: Partial<AppointmentView>): AppointmentView => ({
  id: 1, storeId: 1, staffId: 10000, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Manicure', price: 25, duration: 30 }],
  date: '2026-11-23', start: '10:00 am', end: '10:30 am', startMin: 600, endMin: 630, note: '', status: 'ON', createdBy: 2, modifiedBy: 2,
  sale: 0, userFname: 'mai', nickname: 'mai', customerFname: 'ann', customerLname: 'lee', customerPhone: '', customerEmail: '', customerStatus: '', sheetId: null,
  created_at: '', updated_at: '', ...over,
});
const emp = (id: number, sortIndex: number, over: Partial<EmployeeView> = {}): EmployeeView => ({
  id, userId: id - 9990, storeId: 1, fname: `f${id}`, lname: '', nickname: `n${id}`, email: '', phone: '', url: null, role: 'staff', online_booking: 'ON',
  dayOff: '', sortIndex, color: '#00bcd4', profile_image: null, archived: false, hasPIN: false, ...over,
});

describe('the calendar grid rules', () => {
  it('when staff are listed, then their columns follow the sort order and end with Online, Cancel and Unassigned; archived and inactive ones are left out', () => {
    const cols = columnsOf([emp(10002, 2), emp(10001, 1), emp(10003, 0, { archived: true }), emp(10004, 3, { role: 'none' })]);
    expect(cols.map((c) => c.id)).toEqual([10001, 10002, 8888, 1111, 9999]);
    expect(cols.slice(-3).map((c) => c.title)).toEqual(['Online', 'Cancel', 'Unassigned']);
  });

  it('when a day is open, then the range is its hours; when closed, then 10:00 to 18:00', () => {
    expect(visibleRange({ hours }, ['2026-11-23'])).toEqual({ open: 540, close: 1140 });
    expect(visibleRange({ hours }, ['2026-11-29'])).toEqual({ open: 600, close: 1080 });
  });

  it('when an appointment lies outside the open hours, then the range widens to show it, on 15-minute bounds', () => {
    expect(visibleRange({ hours }, ['2026-11-24'], [{ startMin: 530, endMin: 560 }, { startMin: 1075, endMin: 1100 }])).toEqual({ open: 525, close: 1110 });
  });

  it('when a walk-in sits at 3 am, then the week keeps the store hours (the card sits at its day\'s top edge) and the day view opens at the opening, not at 3 am', () => {
    const early = { startMin: 180, endMin: 210 };
    const week = visibleRange({ hours }, ['2026-11-23', '2026-11-24']);
    expect(week).toEqual({ open: 540, close: 1140 });
    expect(rowsOf(early, week)).toEqual({ rowStart: 1, rowEnd: 2 });
    const day = visibleRange({ hours }, ['2026-11-24'], [early]);
    expect(day.open).toBe(180);
    expect(openingMinute(day, { open: 600, close: 1080 }, null)).toBe(600);
    // today at 3:10 am the day opens at its first row (an hour before now is before it)
    expect(openingMinute(day, { open: 600, close: 1080 }, 190)).toBe(180);
  });

  it('when today is shown at 2:40 pm, then the day opens an hour before now (2:30 less an hour), not at the opening; another day opens at its opening', () => {
    const day = { open: 600, close: 1080 };
    expect(openingMinute(day, day, 14 * 60 + 40)).toBe(13 * 60 + 30);
    expect(openingMinute(day, day, 9 * 60)).toBe(600);
    expect(openingMinute(day, day, 23 * 60)).toBe(1080);
    expect(openingMinute({ open: 540, close: 1080 }, { open: 600, close: 1080 }, null)).toBe(600);
  });

  it('when a store has 3 staff, then all six columns share the width (no fixed widths); with 8 staff each staff column keeps 6.25rem and Online, Cancel, Unassigned are narrower', () => {
    const three = columnTemplate([{}, {}, {}, { special: true }, { special: true }, { special: true }]);
    expect(three.split(' minmax').slice(1).every((t) => t.endsWith('1fr)'))).toBe(true);
    expect(three).toBe('var(--tb-time-col) minmax(6.25rem, 1fr) minmax(6.25rem, 1fr) minmax(6.25rem, 1fr) minmax(5.5rem, 1fr) minmax(5.5rem, 1fr) minmax(5.5rem, 1fr)');
    const eight = columnTemplate([...Array.from({ length: 8 }, () => ({})), { special: true }, { special: true }, { special: true }]);
    expect(eight.match(/minmax\(6\.25rem, 1fr\)/g)).toHaveLength(8);
    expect(eight.match(/minmax\(5\.5rem, 1fr\)/g)).toHaveLength(3);
  });

  it('when a card is drawn, then it says customer, service and time in that order, the time short for a narrow card and kept whole (no-break spaces), and its label says all of it', () => {
    const lines = cardLines(appt({ start: '10:30 am', end: '11:30 am', startMin: 630, endMin: 690 }));
    expect(lines).toEqual({ title: 'Ann Lee', service: 'Manicure', time: '10:30–11:30\u00a0am', kind: '', label: 'Ann Lee, Manicure, 10:30 am - 11:30 am' });
    expect(compactTime(690, 765)).toBe('11:30\u00a0am–12:45\u00a0pm');
    expect(compactTime(0, 30)).toBe('12:00–12:30\u00a0am');
    expect(cardLines(appt({ status: 'PENDING', staffId: 8888, sheetId: 4 }))).toMatchObject({ kind: 'Walk-in', label: 'Ann Lee, Manicure, 10:00 am - 10:30 am, Walk-in' });
    expect(cardLines(appt({ status: 'CANCEL' })).kind).toBe('Cancelled');
  });

  it("when the time is read in the store's zone, then it is that zone's wall clock", () => {
    expect(nowMinuteIn('America/New_York', new Date('2026-11-24T08:10:00Z'))).toBe(3 * 60 + 10);
  });

  it('when the day crosses a DST change, then the range is still the wall-clock hours (open 10:00 shows at 10:00)', () => {
    // 2027-03-14 is a Sunday: spring forward in America/New_York
    expect(visibleRange({ hours: { ...hours, sun: '10:00 am-6:00 pm' } }, ['2027-03-14'])).toEqual({ open: 600, close: 1080 });
  });

  it('when slots are labelled, then only every 30 minutes', () => {
    expect([600, 615, 630, 645, 780].map(slotLabel)).toEqual(['10:00 am', null, '10:30 am', null, '1:00 pm']);
  });

  it('when the week is shown, then it starts Monday and hides closed weekdays', () => {
    expect(weekDates({ hours }, '2026-11-26')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('when appointments are coloured, then sale green, OFF grey, requests yellow and online approved blue', () => {
    expect(toneOf(appt({ sale: 40 }))).toBe('sale');
    expect(toneOf(appt({ note: 'OFF' }))).toBe('off');
    expect(toneOf(appt({ customerId: 0, serviceIds: '0' }))).toBe('off');
    expect(['PENDING', 'MODIFYING', 'REQUEST CANCEL'].map((status) => toneOf(appt({ status: status as AppointmentView['status'] })))).toEqual(['request', 'request', 'request']);
    expect(toneOf(appt({ status: 'APPROVED', staffId: 8888 }))).toBe('online');
    // issue 31 item 5: a kiosk walk-in (PENDING with its sign-in sheet) is not an online request; cancelled is marked
    expect(toneOf(appt({ status: 'PENDING', staffId: 8888, note: 'Walk in', createdBy: 0, sheetId: 9 }))).toBe('walk-in');
    expect(toneOf(appt({ status: 'PENDING', staffId: 8888, note: 'Walk in', createdBy: 0, sheetId: null }))).toBe('request');
    expect(toneOf(appt({ status: 'CANCEL', sale: null }))).toBe('cancelled');
    expect(toneOf(appt({ staffId: 1111, sale: null }))).toBe('cancelled');
    expect(toneOf(appt({ sale: null }))).toBe('plain');
  });

  it('when appointments are filed, then cancelled ones go to Cancel and staff 0 and 9999 to Unassigned', () => {
    expect(columnIdOf(appt({ status: 'CANCEL' }))).toBe(1111);
    expect(columnIdOf(appt({ staffId: 0 }))).toBe(9999);
    expect(columnIdOf(appt({ staffId: 9999 }))).toBe(9999);
    expect(columnIdOf(appt({ staffId: 8888, status: 'PENDING' }))).toBe(8888);
  });

  it('when an appointment names the TBD placeholder, an archived or an unknown staff id, then it is filed under Unassigned', () => {
    const tbd = { ...emp(10007, 7), role: 'TBD' as const, nickname: 'Next available' };
    const gone = { ...emp(10008, 8), archived: true };
    const cols = columnsOf([emp(10001, 0), tbd, gone]);
    expect(cols.map((c) => c.title)).not.toContain('Next available');
    const staffColumns = staffColumnIds(cols);
    expect(columnIdOf(appt({ staffId: 10001 }), staffColumns)).toBe(10001);
    for (const staffId of [10007, 10008, 424242]) expect(columnIdOf(appt({ staffId }), staffColumns)).toBe(9999);
    expect(columnIdOf(appt({ staffId: 10007, status: 'CANCEL' }), staffColumns)).toBe(1111);
    expect(incomeByColumn([appt({ staffId: 10007, sale: 30 })], staffColumns).get(9999)).toBe(30);
  });

  it('when the date is before today, then a non-admin sees only their own column, and managers and the front desk see all', () => {
    const cols = columnsOf([emp(10001, 0), emp(10002, 1)]);
    expect(visibleColumns(cols, { manager: false, frontDesk: false, userId: 12 }, '2026-11-20', '2026-11-23').map((c) => c.id)).toEqual([10002]);
    expect(visibleColumns(cols, { manager: false, frontDesk: false, userId: 12 }, '2026-11-23', '2026-11-23')).toHaveLength(5);
    expect(visibleColumns(cols, { manager: true, frontDesk: false, userId: 2 }, '2026-11-20', '2026-11-23')).toHaveLength(5);
    expect(visibleColumns(cols, { manager: false, frontDesk: true }, '2026-11-20', '2026-11-23')).toHaveLength(5);
  });

  it('when sales are summed per column, then cancelled and hidden sales are left out', () => {
    const income = incomeByColumn([appt({ sale: 40 }), appt({ id: 2, sale: 25.5 }), appt({ id: 3, sale: 30, status: 'CANCEL' }), appt({ id: 4, staffId: 10001, sale: null })]);
    expect(income.get(10000)).toBe(65.5);
    expect(income.has(10001)).toBe(false);
  });

  it('when appointments overlap in a column, then they share its width in lanes and the next free one takes the full width', () => {
    const range = { open: 540, close: 1140 };
    const placed = placeColumn([appt({ id: 1, startMin: 600, endMin: 660 }), appt({ id: 2, startMin: 630, endMin: 690 }), appt({ id: 3, startMin: 720, endMin: 750 })], range);
    const by = Object.fromEntries(placed.map((p) => [p.a.id, p]));
    expect([by[1].rowStart, by[1].rowEnd, by[1].lane, by[1].lanes]).toEqual([5, 9, 0, 2]);
    expect([by[2].lane, by[2].lanes]).toEqual([1, 2]);
    expect([by[3].rowStart, by[3].lane, by[3].lanes]).toEqual([13, 0, 1]);
  });

  it('when a staff member does not work that weekday, then their column is marked as a day off', () => {
    const [col] = columnsOf([emp(10001, 0, { dayOff: 'mon tue' })]);
    expect(weeklyOff(col, '2026-11-23')).toBe(true);
    expect(weeklyOff(col, '2026-11-25')).toBe(false);
  });

  it('when dates are stepped and written, then months, years and a DST weekend step by whole days', () => {
    expect([addDays('2026-12-31', 1), addDays('2027-03-13', 1), addDays('2027-03-14', 1), mondayOf('2027-03-14')]).toEqual(['2027-01-01', '2027-03-14', '2027-03-15', '2027-03-08']);
    expect([formatDate('2027-03-14', 'long'), formatDate('2026-11-23', 'short'), formatDate('2026-11-23', 'numeric')]).toEqual(['Sunday, March 14, 2027', 'Mon 11/23', '11-23-2026']);
  });
});

describe("the grid's rows on a date whose clock skips an hour (New York, 2030-03-10: 1:59 am, then 3:00 am)", () => {
  const spring = { open: 0, close: 1440, gap: wallGapOn('America/New_York', '2030-03-10') };

  it('when a round-the-clock day is laid out, then it has 92 rows and 1:45 am is followed by 3:00 am', () => {
    expect(slotCount(spring)).toBe(92);
    expect([6, 7, 8, 9].map((i) => minuteAtSlot(spring, i))).toEqual([90, 105, 180, 195]);
    expect(Array.from({ length: 92 }, (_, i) => minuteAtSlot(spring, i)).filter((m) => m >= 120 && m < 180)).toEqual([]);
  });

  it('when appointments sit around the gap, then they take the rows the clock ran: 1:30-3:15 am is three rows, 3:00 am is the ninth', () => {
    expect(rowsOf({ startMin: 90, endMin: 195 }, spring)).toEqual({ rowStart: 7, rowEnd: 10 });
    expect(rowsOf({ startMin: 180, endMin: 210 }, spring)).toEqual({ rowStart: 9, rowEnd: 11 });
    // a record from before the gap rules, at 2:30 am, sits where the gap ends
    expect(rowsOf({ startMin: 150, endMin: 180 }, spring)).toEqual({ rowStart: 9, rowEnd: 10 });
    expect(slotsTo(spring, 190)).toBeCloseTo(8 + 10 / 15);
  });

  it('when a card is dragged across the gap, then it lands on a time the clock shows and ends as many real minutes later', () => {
    const thirty = { startMin: 90, endMin: 120 }; // 1:30-2:00 am
    expect([1, 2, 3].map((steps) => dropStart(thirty, steps, spring))).toEqual([105, 180, 195]);
    expect(dropEnd(thirty, 105, spring)).toBe(195); // 1:45 am + 30 minutes is 3:15 am that night
    expect(dropStart({ startMin: 195, endMin: 225 }, -2, spring)).toBe(105);
    // 1:30-3:15 am ran 45 minutes: moved to 10:00 am it ends at 10:45
    expect(dropEnd({ startMin: 90, endMin: 195 }, 600, spring)).toBe(645);
    // moved only to another column, a record from before the gap rules keeps its 2:30 am
    expect(dropStart({ startMin: 150, endMin: 180 }, 0, spring)).toBe(150);
  });

  it('when a store opens inside the gap (2:30 am), then its first row is 3:00 am', () => {
    const late = { open: 150, close: 1200, gap: spring.gap };
    expect([minuteAtSlot(late, 0), slotCount(late)]).toEqual([180, (1200 - 180) / 15]);
  });

  it('when the ordinary day after or the fall-back day is laid out, then all 96 rows are there once, 2:00 am after 1:45 am', () => {
    for (const date of ['2030-03-11', '2030-11-03']) {
      const day = { open: 0, close: 1440, gap: wallGapOn('America/New_York', date) };
      expect(slotCount(day)).toBe(96);
      expect([7, 8].map((i) => minuteAtSlot(day, i))).toEqual([105, 120]);
      expect(dropStart({ startMin: 90, endMin: 120 }, 2, day)).toBe(120);
    }
  });
});
