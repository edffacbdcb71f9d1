import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentView, EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { todayIn } from '@turnbook/domain';
import { useSession, type Listener } from '@turnbook/web-kit';
import { captureRealtime } from '@turnbook/web-kit/testing/capture-realtime';
import { anEmployee, aStore, aService } from '@turnbook/web-kit/testing/fixtures';
import { mockApi, type MockAnswer } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import type { Sheet } from './front-desk-rules';
import FrontDeskPage from './front-desk-page';

// The page reads six calls and loads the check-in modal on demand: allow for a busy machine.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

const ONE_STAFF = 'Choose one staff member to check in a customer with an appointment.';
const today = todayIn('America/New_York');
const store = (turnsBlock = true) =>
  aStore({
    id: 1, name: 'lotus nail spa', permalink: 'lotus', ownerId: 2, status: 'ON', timezone: 'America/New_York', hours: {},
    settings: { turnsBlock, cancelAndText: false, autoTextOnApprove: false },
  });
const emp = (id: number, nickname: string, over: Partial<EmployeeView> = {}): EmployeeView => ({
  id, userId: id, storeId: 1, fname: nickname, lname: '', nickname, email: '', phone: '', url: null, role: 'staff', online_booking: 'ON', dayOff: '',
  sortIndex: id, color: '#00bcd4', profile_image: null, archived: false, hasPIN: false, ...over,
});
const STAFF = [emp(10001, 'kim'), emp(10002, 'linh'), emp(10003, 'tbd', { role: 'TBD' })];
const sheet = (over: Partial<Sheet> = {}): Sheet => ({
  id: 1, storeId: 1, customer_name: 'Ana B.', customer_phone: '2155550101', service_by_customer: 'Gel Manicure', staff_by_customer: '', date: today,
  arrived_time: '10:00 am', appointment_id: null, checked: null, staffId: '', staff_fname: '', nickname: null, userFname: null, note: '',
  created_at: '', updated_at: '', party: null, turnWeight: null, ...over,
});
const appt = (over: Partial<AppointmentView>): AppointmentView => ({
  id: 1, storeId: 1, staffId: 8888, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Gel Manicure', price: 35, duration: 45 }],
  date: today, start: '11:00 am', end: '11:45 am', startMin: 660, endMin: 705, note: '', status: 'APPROVED', createdBy: 0, modifiedBy: 0,
  sale: 0, userFname: null, nickname: null, customerFname: 'rosa', customerLname: 'diaz', customerPhone: '2155550123', customerEmail: '', customerStatus: '',
  created_at: '', updated_at: '', sheetId: null, ...over,
});
const party = { id: '0b7f6a6e-1111-4c1e-9a1e-000000000001', size: 3 };
const SHEETS = [
  sheet({ id: 1, customer_name: 'Ana B.', staff_by_customer: 'kim' }),
  sheet({ id: 2, customer_name: 'Bea C.', party: { ...party, index: 1 }, appointment_id: 21 }),
  sheet({ id: 3, customer_name: 'Cam C.', party: { ...party, index: 2 }, appointment_id: 22 }),
  sheet({ id: 4, customer_name: 'Dee C.', party: { ...party, index: 3 }, appointment_id: 23, checked: '10:20 am', staffId: '10002', staff_fname: 'linh' }),
];
const TURN = { id: 7, storeId: 1, date: today, staffIds: ['linh', 'kim'], updated_at: '', seq: 2, standing: [{ name: 'linh', staffId: 10002, turns: 1 }, { name: 'kim', staffId: 10001, turns: 0 }] };

type Role = 'owner' | 'admin' | 'staff' | 'limited' | 'front desk';
function signIn(role: Role) {
  const owner = role === 'owner' ? '2' : '99';
  useSession.getState().setSession({ access_token: 'T', user_id: '2', store_id: '1', store_owner_id: owner, owner_id: owner, store_permalink: 'lotus', ...(role === 'front desk' ? { store_log_in: 'ON' } : {}) });
  return { body: { employees: role === 'owner' || role === 'front desk' ? [] : [anEmployee({ id: 10009, role })] } };
}

function answers(role: Role, over: Record<string, MockAnswer> = {}, turnsBlock = true) {
  return mockApi({
    'GET /api/getStaffsByUserId/2/1': signIn(role),
    'GET /api/getStoreByPermalink/lotus': { body: { stores: [store(turnsBlock)] } },
    'GET /api/getStaffsByStoreId/1': { body: { employees: STAFF } },
    'GET /api/getServicesByStoreId/1': { body: { services: [aService({ id: 1, name: 'Gel Manicure' })] } },
    [`GET /api/getSheetsByStoreId/1/${today}`]: { body: { sheets: SHEETS } },
    [`GET /api/getTurnsByStoreIdAndDate/1/${today}`]: { body: { turns: [TURN] } },
    [`GET /api/getAppointmentsByStoreIdAndDate/1/${today}`]: {
      body: {
        appointments: [appt({ id: 21, staffId: 10001, status: 'ON', start: '10:30 am' })], appointmentsNull: [], appointmentsCancel: [],
        appointmentsOnline: [appt({ id: 31 }), appt({ id: 32, status: 'PENDING', customerFname: 'pending' })],
      },
    },
    ...over,
  });
}

const page = (path = '/front-desk/lotus') =>
  renderWithProviders(
    <Routes>
      <Route path="front-desk/:permalink" element={<FrontDeskPage />} />
      <Route path="sign-in-sheets" element={<FrontDeskPage turnsIndicator />} />
    </Routes>,
    { path },
  );

let listeners: Map<string, Listener>;
beforeEach(() => {
  listeners = captureRealtime();
});
afterEach(() => {
  jest.restoreAllMocks();
  useSession.getState().clearSession();
});

describe('the front desk page', () => {
  it('when the owner opens it, then Turns (names capitalised), Online Requests (approved only) and the sheets show, a party as one card, waiting people in green', async () => {
    answers('owner');
    page();
    const turns = await screen.findByRole('list', { name: 'Turn order' });
    expect(within(turns).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^1\.Linh1 turn$/), expect.stringMatching(/^2\.Kim0 turns$/)]);
    const requests = await screen.findByRole('list', { name: 'Online requests' });
    expect(within(requests).getByText('Rosa Diaz')).toBeInTheDocument();
    expect(within(requests).getByText('(215) 555-0123')).toBeInTheDocument();
    expect(within(requests).queryByText(/pending/)).toBeNull();
    expect(within(requests).getByRole('link')).toHaveAttribute('href', `/calendar/lotus?date=${today}`);

    const cards = within(await screen.findByRole('list', { name: 'Sign-in sheets' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const partyCard = screen.getByTestId(`party-${party.id}`);
    expect(within(partyCard).getByText('Party of 3')).toBeInTheDocument();
    expect(within(partyCard).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Check In Bea C.', 'Check In Cam C.', 'Update Dee C.']);
    // the linked appointment's time, the requested staff while waiting, 'Served by' once served
    expect(within(screen.getByTestId('sheet-2')).getByText('10:30 am')).toBeInTheDocument();
    expect(within(screen.getByTestId('sheet-1')).getByText('kim')).toBeInTheDocument();
    expect(within(screen.getByTestId('sheet-4')).getByText('✓ Linh')).toBeInTheDocument();
    expect(screen.getByTestId('sheet-1')).toHaveStyle({ background: 'var(--mantine-color-green-0)' });
    expect(screen.getByTestId('sheet-4').style.background).toBe('');
  });

  it("when the day has nobody and no request and the store has no Turns block, then 'No customer' and 'No request' show and Turns does not", async () => {
    answers('front desk', {
      [`GET /api/getSheetsByStoreId/1/${today}`]: { body: { sheets: [] } },
      [`GET /api/getAppointmentsByStoreIdAndDate/1/${today}`]: { body: { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] } },
    }, false);
    page('/sign-in-sheets');
    expect(await screen.findByRole('heading', { name: 'Turns Indicator' })).toBeInTheDocument();
    expect(await screen.findByText('No customer')).toBeInTheDocument();
    expect(await screen.findByText('No request')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Turns' })).toBeNull();
  });

  it('when a kiosk signs someone in, then the sheet channel event shows them at once, without a reload', async () => {
    let sheets = SHEETS.slice(0, 1);
    answers('front desk', { [`GET /api/getSheetsByStoreId/1/${today}`]: () => ({ body: { sheets } }) });
    page();
    await screen.findByTestId('sheet-1');
    sheets = [...SHEETS.slice(0, 1), sheet({ id: 9, customer_name: 'New Walkin' })];
    await waitFor(() => expect(listeners.has('store:1:sheet')).toBe(true));
    act(() => listeners.get('store:1:sheet')!({ type: 'event', channel: 'store:1:sheet', subject: 'evt.sheet.1.created', data: { storeId: 1 } } as never));
    expect(await screen.findByText('New Walkin')).toBeInTheDocument();
  });

  it.each([
    ['a day before today', '2020-01-02'],
    ['today', null],
  ])('when %s has no turn record, then the list is empty and nothing is written (the server makes the record with the first check-in)', async (_, day) => {
    const date = day ?? today;
    const api = answers('owner', { [`GET /api/getTurnsByStoreIdAndDate/1/${date}`]: { body: { turns: [] } }, [`GET /api/getSheetsByStoreId/1/${date}`]: { body: { sheets: [] } } });
    page(day ? `/front-desk/lotus?date=${day}` : undefined);
    expect(await screen.findByText('Nobody has taken a turn yet.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/createTurn')).toHaveLength(0);
  });
});

describe('check-in', () => {
  it('when two staff are chosen for a sheet with an appointment, then the reason shows and nothing is sent; one staff member checks in', async () => {
    const api = answers('front desk', { 'PATCH /api/sheet/2': { body: { sheet: sheet({ id: 2 }) } } });
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check In Bea C.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in Bea C.' });
    // TBD staff are not offered
    expect(within(dialog).queryByRole('checkbox', { name: /tbd/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: /Kim/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Linh/ }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ONE_STAFF);
    expect(within(dialog).getByRole('button', { name: 'Check In' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /Linh/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Check In' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/sheet/2')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/sheet/2')[0].body).toEqual({ staffId: '10001', staff_fname: 'kim', checked: expect.stringMatching(/^\d\d:\d\d [ap]m$/) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check in Bea C.' })).toBeNull());
  });

  it("when the server refuses a check-in with oneStaffForCheckIn, then its reason shows; a checked-in sheet's button reads Update", async () => {
    answers('owner', { 'PATCH /api/sheet/4': { status: 400, body: { code: 'oneStaffForCheckIn', message: ONE_STAFF } } });
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Dee C.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Dee C.' });
    expect(within(dialog).getByRole('checkbox', { name: /Linh/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ONE_STAFF);
  });

  it("when 'Suggest next' is asked, then the store's next staff member shows and a click chooses them", async () => {
    const api = answers('front desk', {
      [`GET /api/suggestNextStaff/1/${today}?serviceIds=1`]: { body: { suggestions: [{ staffId: 10002, name: 'linh', reason: 'first in the turns' }], skipped: [] } },
    });
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check In Ana B.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in Ana B.' });
    await user.click(within(dialog).getByRole('button', { name: 'Suggest next' }));
    const list = await within(dialog).findByRole('list', { name: 'Suggested staff' });
    expect(list).toHaveTextContent('first in the turns');
    await user.click(within(list).getByRole('button', { name: 'Linh' }));
    expect(within(dialog).getByRole('checkbox', { name: /Linh/ })).toBeChecked();
    expect(api.callsTo(`GET /api/suggestNextStaff/1/${today}?serviceIds=1`)).toHaveLength(1);
  });

  it('when limited staff open the front desk, then the sheets are read only', async () => {
    answers('limited');
    page();
    expect(await screen.findByTestId('sheet-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Check In / })).toBeNull();
  });
});

describe('turns', () => {
  it.each([
    ['owner', true, true],
    ['admin', true, false],
    ['staff', false, false],
    ['front desk', false, false],
  ] as const)('when %s opens the front desk, then drag handles and History show: %s, Turn rules: %s', async (role, manager, owner) => {
    answers(role);
    page();
    await screen.findByRole('list', { name: 'Turn order' });
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Drag / }).length > 0).toBe(manager));
    expect(screen.queryByRole('button', { name: 'History' }) !== null).toBe(manager);
    expect(screen.queryByRole('button', { name: 'Turn rules' }) !== null).toBe(owner);
  });

  it('when the owner reads the history, then each change shows who, what and why', async () => {
    answers('owner', {
      [`GET /api/getTurnHistory/1/${today}`]: {
        body: {
          entries: [
            { seq: 1, at: '2031-06-03T14:00:00Z', by: { id: 0, name: 'store' }, kind: 'checkin', staff: { id: 10002, name: 'linh' }, weight: 1, sheetId: 4, reason: null, order: ['kim', 'linh'] },
            { seq: 2, at: '2031-06-03T14:05:00Z', by: { id: 2, name: 'mai' }, kind: 'reorder', staff: null, weight: null, sheetId: null, reason: 'Kim was at lunch', order: ['linh', 'kim'] },
          ],
        },
      },
    });
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const table = await screen.findByRole('table', { name: 'Turn history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/10:05 AM.*Mai.*Order changed by hand.*Kim was at lunch.*Linh, Kim/);
    expect(rows[1]).toHaveTextContent(/Store.*Linh checked in/);
  });

  it('when the owner saves the turn rules, then the policy goes with the half-turn price in cents', async () => {
    const api = answers('owner', {
      'GET /api/getTurnPolicy/1': { body: { policy: { rotation: 'spec', halfTurnBelowCents: null, countAppointments: false, countRequested: false, skipBusy: false, skipUnskilled: false } } },
      'GET /api/getStaffSkills/1': { body: { skills: [] } },
      'PUT /api/turnPolicy/1': (body) => ({ body: { policy: body } }),
    });
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn rules' });
    await user.type(await within(dialog).findByLabelText(/Half turn below/), '30');
    await user.click(within(dialog).getByRole('switch', { name: /Skip busy staff/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(api.callsTo('PUT /api/turnPolicy/1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/turnPolicy/1')[0].body).toEqual({ rotation: 'spec', halfTurnBelowCents: 3000, countAppointments: false, countRequested: false, skipBusy: true, skipUnskilled: false });
    expect(await within(dialog).findByText('The turn rules are saved.')).toBeInTheDocument();
  });
});
