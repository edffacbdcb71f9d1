import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentView, EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { columnsOf, staffColumnIds, type DayData } from '../day-grid/grid-model';
import { bookedTime, weekSummary } from './week-model';
import { WeekSummary } from './week-summary';

const emp = (id: number, sortIndex: number, over: Partial<EmployeeView> = {}): EmployeeView => ({
  id, userId: null, storeId: 1, fname: `staff${id}`, lname: '', nickname: `staff${id}`, email: '', phone: '', url: null, role: 'staff', online_booking: 'ON',
  dayOff: '', sortIndex, color: '#00bcd4', profile_image: null, archived: false, hasPIN: false, ...over,
});
let nextId = 1;
const appt = (over: Partial<AppointmentView>): AppointmentView => ({
  id: nextId++, storeId: 1, staffId: 10000, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Manicure', price: 25, duration: 30 }],
  date: '2031-06-02', start: '10:00 am', end: '10:30 am', startMin: 600, endMin: 630, note: '', status: 'ON', createdBy: 2, modifiedBy: 2,
  sale: 0, userFname: null, nickname: null, customerFname: 'ann', customerLname: 'lee', customerPhone: '', customerEmail: '', customerStatus: '', sheetId: null,
  created_at: '', updated_at: '', ...over,
});
const day = (list: AppointmentView[]): DayData => ({
  appointments: list.filter((a) => a.staffId >= 10000 && a.status !== 'CANCEL'),
  appointmentsNull: [],
  appointmentsCancel: list.filter((a) => a.status === 'CANCEL'),
  appointmentsOnline: list.filter((a) => a.staffId === 8888),
});

// Eight staff (the front desk's tablet), Monday off for the third; two days of the week.
const STAFF = Array.from({ length: 8 }, (_, i) => emp(10000 + i, i, i === 2 ? { dayOff: 'mon' } : {}));
const DATES = ['2031-06-02', '2031-06-03']; // Monday, Tuesday
const DAYS = [
  day([appt({ sale: 40 }), appt({ startMin: 630, endMin: 720, sale: 60 }), appt({ staffId: 10001 }), appt({ staffId: 8888, status: 'PENDING', sheetId: 3 }), appt({ status: 'CANCEL', sale: 99 })]),
  day([appt({ date: '2031-06-03', staffId: 10007, startMin: 600, endMin: 675 })]),
];

describe('the week at a glance', () => {
  it('when the week has 8 staff, then each has a row with a count and booked time per day (cancelled ones left out), Online a row, and each day its total and income', () => {
    const columns = columnsOf(STAFF);
    const { rows, days } = weekSummary(columns, DATES, DAYS, staffColumnIds(columns));
    expect(rows.map((r) => r.column.title)).toEqual([...STAFF.map((e) => `Staff${e.id}`), 'Online']);
    expect(rows[0].cells.map((c) => [c.count, c.minutes])).toEqual([[2, 120], [0, 0]]);
    expect(rows[2].cells.map((c) => c.off)).toEqual([true, false]);
    expect(rows[7].cells.map((c) => c.count)).toEqual([0, 1]);
    expect(rows[8].cells.map((c) => c.count)).toEqual([1, 0]);
    expect(days).toEqual([{ date: DATES[0], count: 4, income: 100 }, { date: DATES[1], count: 1, income: 0 }]);
    expect(bookedTime(120)).toBe('2h');
    expect(bookedTime(75)).toBe('1h 15m');
  });

  it('when a cell is tapped, then that day opens; the manager sees each day\'s income in the money format', async () => {
    const columns = columnsOf(STAFF);
    const { rows, days } = weekSummary(columns, DATES, DAYS, staffColumnIds(columns));
    const opened: string[] = [];
    render(<WeekSummary label="Week" rows={rows} days={days} showIncome today="2031-06-03" onOpenDay={(d) => opened.push(d)} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 9);
    expect(screen.getByTestId('column-2031-06-02')).toHaveTextContent('4 appointments · $100.00');
    const cell = screen.getByRole('button', { name: 'Staff10000, Monday, June 2, 2031: 2 appointments, 2h' });
    expect(cell.querySelector('.tb-week-count')).toHaveTextContent('2');
    expect(cell.querySelector('.tb-week-time')).toHaveTextContent('2h');
    expect(screen.getByRole('button', { name: 'Staff10002, Monday, June 2, 2031: 0 appointments, Day off' })).toBeInTheDocument();
    await userEvent.click(cell);
    await userEvent.click(within(screen.getByTestId('column-2031-06-03')).getByRole('button', { name: 'Tue 6/3' }));
    expect(opened).toEqual(['2031-06-02', '2031-06-03']);
  });

  it('when staff who do not see sales look at the week, then no income shows', () => {
    const columns = columnsOf(STAFF);
    const { rows, days } = weekSummary(columns, DATES, DAYS, staffColumnIds(columns));
    render(<WeekSummary label="Week" rows={rows} days={days} showIncome={false} today="2031-06-03" onOpenDay={() => {}} />);
    expect(screen.getByTestId('column-2031-06-02')).toHaveTextContent(/^Mon 6\/24 appointments$/);
  });
});
