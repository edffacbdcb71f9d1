import { act, configure, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AppointmentView, EmployeeView, ServiceView } from '@turnbook/contracts/schemas/scheduling';
import { todayIn } from '@turnbook/domain';
import { useSession } from '@turnbook/web-kit';
import { captureRealtime } from '@turnbook/web-kit/testing/capture-realtime';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { aService } from '@turnbook/web-kit/testing/fixtures';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { WizardStart } from '../booking-wizard';
import { addDays } from '../day-grid/grid-model';
import { useReloadOnFailure, useStoreLive } from './live';
import { moveBody, moveRefusal, undoBody } from './move-appointment';
import { useMoveAppointment } from './use-move';

// The page reads four calls before its grid shows: allow for a busy machine.
configure({ asyncUtilTimeout: 5000 });

const wizardStarts: (WizardStart | null)[] = [];
jest.mock('../booking-wizard', () => ({
  BookingWizard: ({ start }: { start: WizardStart | null }) => {
    wizardStarts.push(start);
    return start ? <div data-testid="wizard">{JSON.stringify(start)}</div> : null;
  },
}));

jest.mock('../quick-booking', () => ({
  QuickBooking: ({ slot, onFullWizard }: { slot: unknown; onFullWizard: (c: object) => void }) => {
    return slot ? <button type="button" data-testid="quick" onClick={() => onFullWizard({ serviceIds: [1] })}>{JSON.stringify(slot)}</button> : null;
  },
}));

import CalendarPage from './calendar-page';

const today = todayIn('America/New_York');
const store = {
  id: 1, name: 'lotus nail spa', street: '', address2: '', city: '', state: 'PA', zip: '19103', email: '', phone: '', permalink: 'lotus', username: 'lotus',
  ownerId: 2, status: 'ON', timezone: 'America/New_York', created_at: '', updated_at: '',
  settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false },
  hours: { mon: '10:00 am-6:00 pm', tue: '10:00 am-6:00 pm', wed: '10:00 am-6:00 pm', thu: '10:00 am-6:00 pm', fri: '10:00 am-6:00 pm', sat: '10:00 am-6:00 pm', sun: '10:00 am-6:00 pm' },
};
const emp = (id: number, userId: number, nickname: string, sortIndex: number): EmployeeView => ({
  id, userId, storeId: 1, fname: nickname, lname: '', nickname, email: '', phone: '', url: null, role: 'staff', online_booking: 'ON', dayOff: '', sortIndex,
  color: '#00bcd4', profile_image: null, archived: false, hasPIN: false,
});
const appt = (over: Partial<AppointmentView>): AppointmentView => ({
  id: 1, storeId: 1, staffId: 10000, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Manicure', price: 25, duration: 30 }],
  date: today, start: '11:00 am', end: '11:30 am', startMin: 660, endMin: 690, note: '', status: 'ON', createdBy: 2, modifiedBy: 2,
  sale: 0, userFname: null, nickname: null, customerFname: 'ann', customerLname: 'lee', customerPhone: '', customerEmail: '', customerStatus: '', sheetId: null,
  created_at: '', updated_at: '', ...over,
});
const STAFF = [emp(10001, 3, 'linh', 1), emp(10000, 2, 'mai', 0)];

function mockStore(role: string, day: Partial<Record<string, AppointmentView[]>>, extra: Record<string, { body: unknown }> = {}, services: ServiceView[] = [aService({ id: 1 })]) {
  const answer = { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [], ...day };
  return mockApi({
    'GET /api/getStoreByPermalink/lotus': { body: { stores: [store] } },
    'GET /api/getStaffsByStoreId/1': { body: { employees: STAFF } },
    'GET /api/getServicesByStoreId/1': { body: { services } },
    [`GET /api/getStaffsByUserId/${role === 'owner' ? 2 : 3}/1`]: { body: { employees: [{ ...emp(10001, role === 'owner' ? 2 : 3, 'linh', 1), role: (role === 'owner' ? 'admin' : role) as EmployeeView['role'] }] } },
    [`GET /api/getAppointmentsByStoreIdAndDate/1/${today}`]: { body: answer },
    ...extra,
  });
}
const asOwner = () => useSession.getState().setSession({ access_token: 'T', user_id: '2', store_id: '1', store_owner_id: '2', owner_id: '2', store_permalink: 'lotus' });
const asStaff = () => useSession.getState().setSession({ access_token: 'T', user_id: '3', store_id: '1', store_owner_id: '2', owner_id: '2', store_permalink: 'lotus' });
const page = (path = '/calendar/lotus') =>
  renderWithProviders(
    <Routes>
      <Route path="calendar/:permalink" element={<CalendarPage />} />
    </Routes>,
    { path },
  );
const headers = () => screen.getAllByTestId(/^column-/).map((h) => h.textContent);

afterEach(() => {
  useSession.getState().clearSession();
  wizardStarts.length = 0;
});

describe('the calendar page', () => {
  it('when the address names no store (404), then the page says the store was not found, with nothing to try again', async () => {
    asOwner();
    mockApi({ 'GET /api/getStoreByPermalink/nowhere': { status: 404, body: { message: 'Store not found', code: 'notFound' } } });
    page('/calendar/nowhere');
    expect(await screen.findByRole('heading', { name: 'Store not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('when the store cannot be read just now (503), then the page says so and Try again reads it again', async () => {
    asOwner();
    const api = mockApi({ 'GET /api/getStoreByPermalink/lotus': { status: 503, body: { message: 'This could not be done just now. Please try again in a moment.', code: 'unavailable' } } });
    page();
    expect(await screen.findByRole('heading', { name: 'This store cannot be shown just now' })).toBeInTheDocument();
    const reads = api.callsTo('GET /api/getStoreByPermalink/lotus').length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET /api/getStoreByPermalink/lotus').length).toBe(reads + 1));
  });

  it('when the owner opens the day, then staff columns come in sort order with their income, then Online, Cancel and Unassigned, and each appointment sits in its column in its colour', async () => {
    asOwner();
    mockStore('owner', {
      appointments: [appt({ id: 1, sale: 45 }), appt({ id: 2, staffId: 10001, start: '01:00 pm', end: '02:00 pm', startMin: 780, endMin: 840, sale: 0 })],
      appointmentsOnline: [appt({ id: 3, staffId: 8888, status: 'PENDING', customerFname: 'bo', sale: 0 })],
      appointmentsCancel: [appt({ id: 4, status: 'CANCEL', customerFname: 'cy', sale: 0 })],
    });
    page();
    await screen.findByRole('region', { name: /^\w+day, / });
    await waitFor(() => expect(headers()).toEqual(['Mai$45.00', 'Linh$0.00', 'Online', 'Cancel', 'Unassigned']));
    const card = (id: number) => document.querySelector(`[data-appointment="${id}"]`)!;
    expect(card(1)).toHaveAttribute('data-tone', 'sale');
    expect(card(3)).toHaveAttribute('data-tone', 'request');
    expect(card(1).closest('[data-col-body]')).toHaveAttribute('data-col-body', '10000');
    expect(card(2).closest('[data-col-body]')).toHaveAttribute('data-col-body', '10001');
    expect(card(3).closest('[data-col-body]')).toHaveAttribute('data-col-body', '8888');
    expect(card(4).closest('[data-col-body]')).toHaveAttribute('data-col-body', '1111');
    expect(screen.getByText('10:00 am')).toBeInTheDocument();
    expect(screen.queryByText('10:15 am')).not.toBeInTheDocument();
  });

  it('when the owner clicks an empty slot, then the quick booking opens with that date, staff and time, its full booking opens the wizard with what it carries; clicking an appointment opens its details', async () => {
    asOwner();
    mockStore('owner', { appointments: [appt({ id: 7 })] });
    page();
    // 2:30 pm is the 18th slot of a day open from 10:00 (24 px each)
    const column = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[data-col-body="10001"][data-bookable]');
      if (!el) throw new Error('the column is not bookable yet');
      return el;
    });
    fireEvent.click(column, { clientY: 18 * 24 + 5 });
    expect(await screen.findByTestId('quick')).toHaveTextContent(JSON.stringify({ date: today, staffId: 10001, staffName: 'Linh', time: '02:30 pm' }));
    expect(screen.queryByTestId('wizard')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('quick'));
    expect(await screen.findByTestId('wizard')).toHaveTextContent(JSON.stringify({ date: today, staffId: 10001, time: '02:30 pm', carried: { serviceIds: [1] } }));
    expect(screen.queryByTestId('quick')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Ann Lee/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('appointment=7'));
  });

  it('when limited staff open today, then there is no Book button, no bookable slot and appointments cannot be clicked or dragged', async () => {
    asStaff();
    mockStore('limited', { appointments: [appt({ id: 5, staffId: 10001, sale: null })] });
    page();
    await waitFor(() => expect(document.querySelector('[data-appointment="5"]')).not.toBeNull());
    expect(document.querySelector('[data-appointment="5"]')!.tagName).toBe('DIV');
    expect(screen.queryByRole('button', { name: 'Book' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-bookable]')).toBeNull();
    expect(headers()).toEqual(['Mai', 'Linh', 'Online', 'Cancel', 'Unassigned']);
  });

  it.each([
    ['owner', ['Today', 'Week', 'Sign-in sheet', 'Online requests']],
    ['admin', ['Today', 'Week', 'Sign-in sheet', 'Online requests']],
    ['staff', ['Today', 'Week', 'Sign-in sheet']],
    ['limited', ['Today', 'Week']],
  ])('when %s open the calendar, then the bottom bar has %j (4 for admins, 3 for staff; no sheet for limited staff)', async (role, buttons) => {
    if (role === 'owner') asOwner();
    else asStaff();
    mockStore(role, {});
    page();
    const bar = await screen.findByRole('navigation', { name: 'Calendar bar' });
    await waitFor(() => expect(within(bar).getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(buttons));
  });

  it('when Week is pressed in the bottom bar, then the week shows and the button goes back to the day', async () => {
    asOwner();
    mockStore('owner', {});
    page();
    const bar = await screen.findByRole('navigation', { name: 'Calendar bar' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('view=week'));
    expect(within(bar).getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when limited staff open the calendar, then there is no Sign-in sheet button; staff open it and see Turns and the sheets', async () => {
    asStaff();
    mockStore('limited', {});
    const first = page();
    await waitFor(() => expect(headers().length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Sign-in sheet' })).not.toBeInTheDocument();
    first.unmount();

    mockStore('staff', {}, {
      [`GET /api/getSheetsByStoreId/1/${today}`]: { body: { sheets: [] } },
      [`GET /api/getTurnsByStoreIdAndDate/1/${today}`]: { body: { turns: [{ id: 3, storeId: 1, date: today, staffIds: ['mai'], updated_at: '', seq: 1, standing: [] }] } },
    });
    page();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign-in sheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign-in sheet' });
    expect(await within(dialog).findByRole('list', { name: 'Turn order' })).toHaveTextContent('1.Mai');
    expect(await within(dialog).findByText('No customer')).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Online Requests' })).not.toBeInTheDocument();
  });

  it('when a staff member opens a day before today, then only their own column shows, without income', async () => {
    asStaff();
    const yesterday = addDays(today, -1);
    mockStore('staff', {}, { [`GET /api/getAppointmentsByStoreIdAndDate/1/${yesterday}`]: { body: { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] } } });
    page(`/calendar/lotus?date=${yesterday}`);
    await waitFor(() => expect(headers()).toEqual(['Linh']));
    expect(document.querySelector('[data-bookable]')).toBeNull();
  });

  it('when the owner opens the calendar by its link with no store chosen, then it becomes the chosen store and the owner sees the owner-only Transactions', async () => {
    useSession.getState().setSession({ access_token: 'T', user_id: '2' });
    mockStore('owner', {});
    page();
    await screen.findByRole('button', { name: 'Transactions' });
    const s = useSession.getState();
    expect([s.store_id, s.store_permalink, s.store_owner_id]).toEqual(['1', 'lotus', '2']);
    await waitFor(() => expect(useSession.getState().staff_id).toBe('10001'));
  });

  it('when staff open the calendar of a store other than the one chosen, then it becomes the chosen store with its own owner', async () => {
    useSession.getState().setSession({ access_token: 'T', user_id: '3', store_id: '9', store_permalink: 'other', store_owner_id: '3', owner_id: '3' });
    mockStore('staff', {});
    page();
    await waitFor(() => expect(useSession.getState().store_id).toBe('1'));
    expect(useSession.getState().store_owner_id).toBe('2');
    await waitFor(() => expect(headers().length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Transactions' })).toBeNull();
  });

  it('when the store has no service, then the notice links to Create services', async () => {
    asOwner();
    mockStore('owner', {}, {}, []);
    page();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent("Your store doesn't have a service");
    expect(within(notice).getByRole('link', { name: 'Create services' })).toHaveAttribute('href', '/services/create');
  });

  it('when the store has no service and a staff member opens the calendar, then no Create services link they cannot use: they ask the owner', async () => {
    asStaff();
    mockStore('staff', {}, {}, []);
    page();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent("Your store doesn't have a service");
    expect(notice).toHaveTextContent("Ask the store's owner to add services.");
    expect(within(notice).queryByRole('link', { name: 'Create services' })).toBeNull();
  });

  it("when the store has no staff yet, then the owner is told and linked to Add staff; staff are told to ask the owner", async () => {
    asOwner();
    mockStore('owner', {}, { 'GET /api/getStaffsByStoreId/1': { body: { employees: [] } } });
    const first = page();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent("Your store doesn't have staff yet");
    expect(within(notice).getByRole('link', { name: 'Add staff' })).toHaveAttribute('href', '/staffs/create');
    first.unmount();
    useSession.getState().clearSession();
    asStaff();
    mockStore('staff', {}, { 'GET /api/getStaffsByStoreId/1': { body: { employees: [{ ...emp(10001, 3, 'tbd', 0), role: 'TBD' }] } } });
    page();
    const told = await screen.findByRole('alert');
    expect(told).toHaveTextContent("Ask the store's owner to add staff.");
    expect(within(told).queryByRole('link')).toBeNull();
  });

  it('when the store has staff, then no staff notice shows', async () => {
    asOwner();
    mockStore('owner', {});
    page();
    await waitFor(() => expect(headers()).toEqual(['Mai$0.00', 'Linh$0.00', 'Online', 'Cancel', 'Unassigned']));
    expect(screen.queryByText("Your store doesn't have staff yet")).not.toBeInTheDocument();
  });

  it('when the owner switches to the week, then the open days from Monday show, and a day title opens that day', async () => {
    asOwner();
    const monday = (() => {
      const d = new Date(`${today}T12:00:00Z`);
      return addDays(today, -((d.getUTCDay() + 6) % 7));
    })();
    const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    const empty = { body: { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] } };
    mockStore('owner', {}, Object.fromEntries(week.map((d) => [`GET /api/getAppointmentsByStoreIdAndDate/1/${d}`, empty])));
    page('/calendar/lotus?view=week');
    await waitFor(() => expect(headers()).toHaveLength(7));
    await userEvent.click(within(screen.getAllByTestId(/^column-/)[0]).getByRole('button'));
    await waitFor(() => expect(headers()).toEqual(['Mai$0.00', 'Linh$0.00', 'Online', 'Cancel', 'Unassigned']));
  });
});

describe('the calendar page on a front-desk tablet (issue 31)', () => {
  const mondayOf = (d: string) => addDays(d, -((new Date(`${d}T12:00:00Z`).getUTCDay() + 6) % 7));
  const weekOf = (d: string) => Array.from({ length: 7 }, (_, i) => addDays(mondayOf(d), i));

  it('when the owner looks at the week, then it is one row per staff member with counts per day (no time grid of slivers), and the day totals read in the money format', async () => {
    asOwner();
    const empty = { body: { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] } };
    const big = { body: { ...empty.body, appointments: [appt({ id: 1, sale: 2441 }), appt({ id: 2, staffId: 10001, sale: 768 })] } };
    mockStore('owner', {}, { ...Object.fromEntries(weekOf(today).map((d) => [`GET /api/getAppointmentsByStoreIdAndDate/1/${d}`, d === today ? big : empty])) });
    page('/calendar/lotus?view=week');
    await waitFor(() => expect(screen.getByTestId(`column-${today}`)).toHaveTextContent('2 appointments · $3,209.00'));
    expect(document.querySelector('[data-col-body]')).toBeNull();
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Mai', 'Linh', 'Online']);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^Mai, .*: 1 appointment, 30m$`) }));
    await waitFor(() => expect(headers()).toEqual(['Mai$2,441.00', 'Linh$768.00', 'Online', 'Cancel', 'Unassigned']));
  });

  it("when today's day is shown, then the cards' legend shows and a line marks now; another day has no line", async () => {
    asOwner();
    // a store open all day, so now is always inside the grid
    const allDay = Object.fromEntries(Object.keys(store.hours).map((k) => [k, '12:00 am-12:00 am']));
    mockStore('owner', {}, {
      'GET /api/getStoreByPermalink/lotus': { body: { stores: [{ ...store, hours: allDay }] } },
      [`GET /api/getAppointmentsByStoreIdAndDate/1/${addDays(today, 1)}`]: { body: { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] } },
    });
    page();
    await screen.findByTestId('now-line');
    expect(screen.getByRole('list', { name: 'Card colours' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`date=${addDays(today, 1)}`));
    await waitFor(() => expect(document.querySelector('[data-col-body]')).not.toBeNull());
    expect(screen.queryByTestId('now-line')).toBeNull();
  });
});

describe("the calendar page on a daylight-saving date in the store's zone (New York), at a store open round the clock", () => {
  const roundTheClock = { ...store, hours: Object.fromEntries(Object.keys(store.hours).map((d) => [d, '12:00 am-12:00 am'])) };
  const empty = { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] };
  const openOn = (date: string, appointments: AppointmentView[] = []) => {
    asOwner();
    mockStore('owner', {}, {
      'GET /api/getStoreByPermalink/lotus': { body: { stores: [roundTheClock] } },
      [`GET /api/getAppointmentsByStoreIdAndDate/1/${date}`]: { body: { ...empty, appointments: appointments.map((a) => ({ ...a, date })) } },
    });
    page(`/calendar/lotus?date=${date}`);
  };
  const bookable = () => waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-col-body="10001"][data-bookable]');
    if (!el) throw new Error('the column is not bookable yet');
    return el;
  });
  const labels = () => [...document.querySelectorAll('.tb-grid-time')].map((l) => l.textContent);
  const rows = () => document.querySelector<HTMLElement>('.tb-grid')!.style.getPropertyValue('--tb-slots');
  /** The time quick booking opens with after a click on each of the first `n` rows of a column. */
  const bookedTimes = async (column: HTMLElement, n: number) => {
    const times: string[] = [];
    for (let row = 0; row < n; row++) {
      fireEvent.click(column, { clientY: row * 24 + 5 });
      times.push(JSON.parse((await screen.findByTestId('quick')).textContent!).time);
    }
    return times;
  };
  const card = (id: number) => document.querySelector<HTMLElement>(`[data-appointment="${id}"]`)!;

  it('when the owner opens the spring-forward day (2030-03-10), then no 2:00-2:45 am rows, labels or slots to book: 1:45 am is followed by 3:00 am, and cards sit by the clock that ran', async () => {
    openOn('2030-03-10', [appt({ id: 1, start: '01:30 am', end: '03:15 am', startMin: 90, endMin: 195 }), appt({ id: 2, staffId: 10001, start: '03:00 am', end: '03:30 am', startMin: 180, endMin: 210 })]);
    const column = await bookable();
    expect(rows()).toBe('92');
    expect(labels().slice(0, 6)).toEqual(['12:00 am', '12:30 am', '1:00 am', '1:30 am', '3:00 am', '3:30 am']);
    expect(labels()).not.toContain('2:00 am');
    expect(labels()).not.toContain('2:30 am');
    expect(await bookedTimes(column, 10)).toEqual(['12:00 am', '12:15 am', '12:30 am', '12:45 am', '01:00 am', '01:15 am', '01:30 am', '01:45 am', '03:00 am', '03:15 am']);
    await waitFor(() => expect(card(1)).not.toBeNull());
    expect([card(1).style.top, card(1).style.height]).toEqual([`${6 * 24 + 1}px`, `${3 * 24 - 2}px`]);
    expect(card(2).style.top).toBe(`${8 * 24 + 1}px`);
  });

  it.each([['the day after', '2030-03-11'], ['the fall-back day', '2030-11-03']])(
    'when the owner opens %s (%s), then every wall-clock row is there once, 2:00 am after 1:45 am, and a 1:30-2:15 am card is three rows',
    async (_, date) => {
      openOn(date, [appt({ id: 3, start: '01:30 am', end: '02:15 am', startMin: 90, endMin: 135 })]);
      const column = await bookable();
      expect(rows()).toBe('96');
      expect(labels().slice(0, 6)).toEqual(['12:00 am', '12:30 am', '1:00 am', '1:30 am', '2:00 am', '2:30 am']);
      expect(labels().filter((l) => l === '1:00 am')).toHaveLength(1);
      expect((await bookedTimes(column, 10)).slice(6)).toEqual(['01:30 am', '01:45 am', '02:00 am', '02:15 am']);
      await waitFor(() => expect(card(3)).not.toBeNull());
      expect([card(3).style.top, card(3).style.height]).toEqual([`${6 * 24 + 1}px`, `${3 * 24 - 2}px`]);
    },
  );
});

describe('the idle timer', () => {
  afterEach(() => jest.useRealTimers());

  it('when nobody touches the calendar for 120 s while it shows another day, then it returns to today', async () => {
    asOwner();
    const tomorrow = addDays(today, 1);
    const empty = { body: { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] } };
    mockStore('owner', {}, { [`GET /api/getAppointmentsByStoreIdAndDate/1/${tomorrow}`]: empty });
    // the idle timer starts at mount: fake timers from the start, still moving with real time
    jest.useFakeTimers({ advanceTimers: true });
    page(`/calendar/lotus?date=${tomorrow}`);
    await waitFor(() => expect(headers()).toHaveLength(5), { timeout: 5000 });
    act(() => void jest.advanceTimersByTime(119_000));
    expect(screen.getByTestId('location')).toHaveTextContent(`date=${tomorrow}`);
    act(() => void jest.advanceTimersByTime(2_000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/calendar\/lotus$/);
  });
});

describe('moving an appointment', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

  it('when it is moved within its column, then the PATCH sends the new start only (the server keeps the length)', () => {
    expect(moveBody(appt({}), 10000, 675)).toEqual({ start: '11:15 am' });
    expect(moveBody(appt({}), 10001, 660)).toEqual({ start: '11:00 am', staffId: 10001 });
  });

  it('when a move is undone, then the old start, staff and status are sent back', () => {
    expect(undoBody(appt({ staffId: 8888, status: 'APPROVED' }), appt({ staffId: 10001, status: 'ON' }))).toEqual({ start: '11:00 am', staffId: 8888, status: 'APPROVED' });
    expect(undoBody(appt({}), appt({}))).toEqual({ start: '11:00 am' });
  });

  it('when an appointment is dropped on another column, then PATCH appointment/{id} carries the new staff and start', async () => {
    const mock = mockApi({ 'PATCH /api/appointment/1': { body: { appointment: appt({ staffId: 10001, start: '11:15 am', end: '11:45 am' }) } } });
    const { result } = renderHook(() => useMoveAppointment(1, () => {}), { wrapper });
    await act(() => result.current({ appointment: appt({}), staffId: 10001, startMin: 675 }));
    expect(mock.callsTo('PATCH /api/appointment/1').map((c) => c.body)).toEqual([{ start: '11:15 am', staffId: 10001 }]);
  });

  it("when a 75-minute appointment is dropped at 5:00 pm in a store closing at 6:00, then nothing is written and the refusal says the store's hours", async () => {
    const { notifications } = await import('@mantine/notifications');
    const shown = jest.spyOn(notifications, 'show').mockImplementation(() => '');
    const mock = mockApi({});
    const { result } = renderHook(() => useMoveAppointment(1, () => {}, { ...store.hours, mon: '10:00 am-6:00 pm' }), { wrapper });
    await act(() => result.current({ appointment: appt({ date: '2031-06-02', start: '03:00 pm', end: '04:15 pm', startMin: 900, endMin: 975 }), staffId: 10000, startMin: 1020 }));
    expect(mock.calls).toHaveLength(0);
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ title: 'The appointment was not moved', message: "This time is outside the store's hours: open 10:00 am-6:00 pm on Mondays." }));
    expect(moveRefusal(appt({ startMin: 180, endMin: 210 }), 180, store.hours)).toBeNull(); // a 3 am walk-in given a staff member keeps its time
    shown.mockRestore();
  });

  it('when a pending request is dropped on a staff column, then nothing is written and its details open to approve it first', async () => {
    const mock = mockApi({});
    const opened: number[] = [];
    const { result } = renderHook(() => useMoveAppointment(1, (id) => opened.push(id)), { wrapper });
    await act(() => result.current({ appointment: appt({ id: 9, staffId: 8888, status: 'PENDING' }), staffId: 10001, startMin: 660 }));
    expect(mock.calls).toHaveLength(0);
    expect(opened).toEqual([9]);
  });
});

describe('realtime', () => {
  afterEach(() => jest.useRealTimers());

  const live = () => {
    const listeners = captureRealtime();
    const client = new QueryClient();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    renderHook(() => useStoreLive(1), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    const keys = () => invalidate.mock.calls.map(([f]) => f?.queryKey);
    return { listeners, invalidate, keys };
  };
  /** Reads start once a burst of events is over (web-kit refreshSoon). */
  const afterBurst = () => act(() => void jest.advanceTimersByTime(100));

  it("when an appointment is moved to another day, then its event refreshes the two days, the appointment and nothing else of the store, once (no timer)", () => {
    jest.useFakeTimers();
    const { listeners, keys } = live();
    expect([...listeners.keys()]).toEqual(['store:1:appointment', 'store:1:online-appointment', 'store:1:online-request', 'store:1:logs']);
    act(() => listeners.get('store:1:appointment')!({
      type: 'event', channel: 'store:1:appointment', subject: 'evt.appointment.1.updated', seq: 5,
      data: { id: 9, storeId: 1, staffId: 10001, date: '2031-01-07', previousDate: '2031-01-06', status: 'ON' },
    }));
    afterBurst();
    const touched = keys();
    expect(touched).toEqual(expect.arrayContaining([['calendar', 1, 'day', '2031-01-07'], ['calendar', 1, 'day', '2031-01-06'], ['calendar', 1, 'appointment', 9]]));
    expect(touched).not.toContainEqual(['calendar', 1]);
    expect(touched).not.toContainEqual(['calendar', 1, 'requests']);
    const count = touched.length;
    act(() => void jest.advanceTimersByTime(5000));
    expect(keys()).toHaveLength(count);
  });

  it('when a log entry is written, then only the activities and that appointment are read again', () => {
    jest.useFakeTimers();
    const { listeners, keys } = live();
    act(() => listeners.get('store:1:logs')!({ type: 'event', channel: 'store:1:logs', subject: 'evt.log.1.created', seq: 6, data: { id: 3, storeId: 1, appointmentId: 9 } }));
    afterBurst();
    expect(keys()).toEqual([['calendar', 1, 'logs'], ['calendar', 1, 'appointment', 9]]);
  });

  it('when the relay cannot replay what the socket missed (resync), then everything of the store is read again', () => {
    jest.useFakeTimers();
    const { listeners, keys } = live();
    act(() => listeners.get('store:1:online-request')!({ type: 'resync', channel: 'store:1:online-request' }));
    afterBurst();
    expect(keys()).toEqual([['calendar', 1]]);
  });

  it('when a replay brings a hundred log entries at once, then the activities are read once, not a hundred times', () => {
    jest.useFakeTimers();
    const { listeners, keys } = live();
    act(() => {
      for (let seq = 1; seq <= 100; seq++) listeners.get('store:1:logs')!({ type: 'event', channel: 'store:1:logs', subject: 'evt.log.1.created', seq, data: { id: seq, storeId: 1 } });
    });
    afterBurst();
    expect(keys()).toEqual([['calendar', 1, 'logs']]);
  });
});

describe('a failed read of today', () => {
  it('when it fails, then the page reloads once, and not again within a minute', () => {
    const reload = jest.fn();
    sessionStorage.clear();
    const { rerender } = renderHook(({ e }) => useReloadOnFailure(e, reload), { initialProps: { e: null as unknown } });
    rerender({ e: new Error('network') });
    rerender({ e: new Error('again') });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
