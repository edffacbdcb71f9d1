import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { useSession, type Listener } from '@turnbook/web-kit';
import { captureRealtime } from '@turnbook/web-kit/testing/capture-realtime';
import { anEmployee, aCustomer } from '@turnbook/web-kit/testing/fixtures';
import { mockApi, type MockAnswer } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { createdByName, dayIncome } from './activity-model';
import { StoreActivity } from './index';

// The first render loads Mantine and the lazy lists: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const STORE = { id: 1, name: 'Lotus Nail Spa', permalink: 'lotus-nail-spa', timezone: 'America/New_York', hours: {} } as unknown as StoreView;
const DATE = '2031-06-03';

const appointment = (over: Record<string, unknown> = {}) => ({
  id: 501, storeId: 1, staffId: 8888, customerId: 41, serviceIds: '12', services: [{ id: 12, name: 'Gel Manicure', price: 35, duration: 45 }],
  date: '2031-06-04', start: '10:00 am', end: '10:45 am', startMin: 600, endMin: 645, note: '', status: 'PENDING', createdBy: 0, modifiedBy: 0,
  sale: 0, userFname: null, nickname: null, customerFname: 'anna', customerLname: 'bell', customerPhone: '2155550199', customerEmail: '',
  customerStatus: '', sheetId: null, created_at: '2031-06-01T12:00:00.000Z', updated_at: '2031-06-01T12:00:00.000Z', ...over,
});
const log = (over: Record<string, unknown> = {}) => ({
  id: 71, storeId: 1, appointmentId: 501, text: 'Online request 2031-06-04 10:00 am - 10:45 am', appointment_log: '{}', userIds: '', read: false,
  createdBy: 0, created_at: '2031-06-01T16:00:00.000Z', ...over,
});
const EMPLOYEES = [anEmployee({ id: 10001, userId: 3, storeId: 1, fname: 'linh', lname: 'tran', nickname: 'linh', role: 'admin' })];

/** A signed-in user 2 of store 1: the owner, or staff with `role`. */
function signIn(as: 'owner' | 'admin' | 'superadmin' | 'staff' | 'limited' | 'front desk') {
  const owner = as === 'owner' ? '2' : '99';
  useSession.getState().setSession({ access_token: 'token', user_id: '2', store_id: '1', store_owner_id: owner, owner_id: owner, store_permalink: 'lotus-nail-spa', ...(as === 'front desk' ? { store_log_in: 'ON' } : {}) });
  return { body: { employees: as === 'owner' || as === 'front desk' ? [] : [anEmployee({ id: 10000, role: as })] } };
}

function answers(role: ReturnType<typeof signIn>, over: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/getStaffsByUserId/2/1': role,
    'GET /api/getAppointmentsOnlineByStoreId/1': { body: { appointments: [appointment(), appointment({ id: 502, status: 'REQUEST CANCEL', customerFname: 'bo', start: '11:00 am', end: '11:45 am' })] } },
    'GET /api/getStoreLogs/1': { body: { logs: [log(), log({ id: 72, text: 'Appointment approved', createdBy: 3, read: true, userIds: '2' })] } },
    'GET /api/getStaffsByStoreId/1': { body: { employees: EMPLOYEES } },
    [`GET /api/getAppointmentsByStoreIdAndDate/1/${DATE}`]: {
      body: { appointments: [appointment({ id: 1, staffId: 10001, status: 'ON', sale: 40 }), appointment({ id: 2, staffId: 10001, status: 'ON', sale: 25.5 })], appointmentsNull: [], appointmentsCancel: [appointment({ id: 3, status: 'CANCEL', sale: 99 })], appointmentsOnline: [] },
    },
    ...over,
  });
}

const render = (onOpen = jest.fn()) => renderWithProviders(<StoreActivity store={STORE} date={DATE} onOpenAppointment={onOpen} />);

let listeners: Map<string, Listener>;
beforeEach(() => {
  listeners = captureRealtime();
});
afterEach(() => jest.restoreAllMocks());

describe('the store activity model', () => {
  it("when a log entry's author is no staff user, then 'created by' falls back to 'store'", () => {
    expect(createdByName(3, EMPLOYEES)).toBe('Linh');
    expect(createdByName(0, EMPLOYEES)).toBe('store');
    expect(createdByName(77, EMPLOYEES)).toBe('store');
  });

  it('when the day income is summed, then cancelled appointments do not count', () => {
    expect(dayIncome([{ sale: 40, status: 'ON' }, { sale: 25.5, status: 'APPROVED' }, { sale: 99, status: 'CANCEL' }, { sale: null, status: 'ON' }])).toBe(65.5);
  });
});

describe('the bell, the activities and the income by role', () => {
  it.each([
    ['owner', true, true],
    ['superadmin', true, true],
    ['admin', true, false],
    ['staff', false, false],
    ['limited', false, false],
    ['front desk', false, false],
  ] as const)('when %s opens the calendar, then the bell shows: %s, activities and income show: %s', async (role, bell, ownerView) => {
    const api = answers(signIn(role));
    render();
    if (bell) expect(await screen.findByRole('button', { name: 'Online requests: 2' })).toBeInTheDocument();
    if (ownerView) {
      expect(await screen.findByRole('button', { name: /Activities/ })).toBeInTheDocument();
      expect(await screen.findByText(/Income 2031-06-03: \$65\.50/)).toBeInTheDocument();
    }
    // the role is known before anything is decided
    await waitFor(() => expect(api.callsTo('GET /api/getStaffsByUserId/2/1').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    if (!bell) expect(screen.queryByRole('button', { name: /Online requests/ })).toBeNull();
    if (!ownerView) expect(screen.queryByRole('button', { name: /Activities/ })).toBeNull();
    expect(api.callsTo('GET /api/getAppointmentsOnlineByStoreId/1').length > 0).toBe(bell);
    expect(api.callsTo('GET /api/getStoreLogs/1').length > 0).toBe(ownerView);
  });
});

describe('the online requests list', () => {
  it("when there is no request, then the bell counts 0 and the list says 'No request'", async () => {
    answers(signIn('admin'), { 'GET /api/getAppointmentsOnlineByStoreId/1': { body: { appointments: [] } } });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Online requests: 0' }));
    expect(await screen.findByText('No request')).toBeInTheDocument();
  });

  it('when the list opens, then each request shows customer, services, date and time and status, with the answers that status takes', async () => {
    answers(signIn('owner'));
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Online requests: 2' }));
    const pending = await screen.findByTestId('request-501');
    expect(within(pending).getByText('Anna Bell')).toBeInTheDocument();
    expect(within(pending).getByText('Gel Manicure')).toBeInTheDocument();
    expect(within(pending).getByText('Wed, Jun 4, 2031, 10:00 am - 10:45 am')).toBeInTheDocument();
    expect(within(pending).getByText('PENDING')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Suggest a new time' })).toBeInTheDocument();
    const cancel = screen.getByTestId('request-502');
    expect(within(cancel).getByText('REQUEST CANCEL')).toBeInTheDocument();
    expect(within(cancel).getByRole('button', { name: 'Keep appointment' })).toBeInTheDocument();
    expect(within(cancel).getByRole('button', { name: 'Accept cancellation' })).toBeInTheDocument();
    expect(within(cancel).queryByRole('button', { name: 'Suggest a new time' })).toBeNull();
  });

  it("when a request's customer copy has not arrived yet, then the list names the customer from their record", async () => {
    answers(signIn('admin'), {
      'GET /api/getAppointmentsOnlineByStoreId/1': { body: { appointments: [appointment({ customerFname: '', customerLname: '' })] } },
      'GET /api/customer/41': { body: { customer: aCustomer({ id: 41, fname: 'gina', lname: 'guest' }) } },
    });
    render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Online requests: 1' }));
    expect(await within(await screen.findByTestId('request-501')).findByText('Gina Guest')).toBeInTheDocument();
  });

  it('when Approve would overlap, then the overlap is shown first and the request is approved only after Approve anyway', async () => {
    const approved = { body: { appointment: appointment({ status: 'APPROVED' }) } };
    const api = answers(signIn('owner'), {
      'GET /api/approveAppointment/501/2155550199': { status: 409, body: { code: 'wouldOverlap', field: 'id', message: 'Approving this request would overlap another appointment of the same staff member: appointment 9 10:00 am - 10:45 am' } },
      'GET /api/approveAppointment/501/2155550199?overlaps=accept': approved,
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Online requests: 2' }));
    await user.click(within(await screen.findByTestId('request-501')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/would overlap another appointment .* appointment 9 10:00 am - 10:45 am/)).toBeInTheDocument();
    expect(api.callsTo('GET /api/approveAppointment/501/2155550199?overlaps=accept')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Approve anyway' }));
    await waitFor(() => expect(api.callsTo('GET /api/approveAppointment/501/2155550199?overlaps=accept')).toHaveLength(1));
  });

  it('when a new time is suggested, then only the times the engine offers that request are listed, and a refused time says why in words', async () => {
    const slot = (start: string, free = true) => ({ start, startMin: 0, free, staffId: free ? 10001 : null });
    const api = answers(signIn('admin'), {
      'GET /api/staffAvailability/1/2031-06-04?serviceIds=12&appointmentId=501': { body: { date: '2031-06-04', duration: 45, slots: [slot('10:00 am'), slot('10:15 am', false), slot('02:00 pm'), slot('05:15 pm')] } },
      'POST /api/suggestAppointmentTime/501': (body) =>
        (body as { start: string }).start === '05:15 pm'
          ? { status: 409, body: { code: 'outsideHours', field: 'start', message: "This time is outside the store's hours: open 10:00 am-6:00 pm on Wednesdays." } }
          : { body: { appointment: appointment({ status: 'MODIFYING', start: '02:00 pm', suggested: true }) } },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Online requests: 2' }));
    const item = await screen.findByTestId('request-501');
    await user.click(within(item).getByRole('button', { name: 'Suggest a new time' }));
    const start = within(item).getByRole('combobox', { name: /New start/ });
    await waitFor(() => expect(within(start).getAllByRole('option').map((o) => o.textContent)).toEqual(['10:00 am', '02:00 pm', '05:15 pm']));
    expect(start).toHaveValue('10:00 am');
    await user.selectOptions(start, '05:15 pm');
    await user.click(within(item).getByRole('button', { name: 'Send new time' }));
    expect(await within(item).findByText("This time is outside the store's hours: open 10:00 am-6:00 pm on Wednesdays.")).toBeInTheDocument();
    await user.selectOptions(start, '02:00 pm');
    await user.click(within(item).getByRole('button', { name: 'Send new time' }));
    await waitFor(() => expect(api.callsTo('POST /api/suggestAppointmentTime/501')).toHaveLength(2));
    expect(api.callsTo('POST /api/suggestAppointmentTime/501')[1].body).toEqual({ date: '2031-06-04', start: '02:00 pm' });
  });

  it('when the engine offers no time on the chosen date, then the form says so and nothing can be sent', async () => {
    answers(signIn('admin'), { 'GET /api/staffAvailability/1/2031-06-04?serviceIds=12&appointmentId=501': { body: { date: '2031-06-04', duration: 45, slots: [] } } });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Online requests: 2' }));
    const item = await screen.findByTestId('request-501');
    await user.click(within(item).getByRole('button', { name: 'Suggest a new time' }));
    expect(await within(item).findByText('No time is open for this request on this date. Choose another date.')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Send new time' })).toBeDisabled();
  });

  it('when a request event arrives on the store channel, then the bell count is read again without a reload', async () => {
    let n = 1;
    answers(signIn('admin'), { 'GET /api/getAppointmentsOnlineByStoreId/1': () => ({ body: { appointments: Array.from({ length: n }, (_, i) => appointment({ id: 600 + i })) } }) });
    render();
    expect(await screen.findByRole('button', { name: 'Online requests: 1' })).toBeInTheDocument();
    n = 3;
    await waitFor(() => expect(listeners.has('store:1:online-request')).toBe(true));
    act(() => listeners.get('store:1:online-request')!({ type: 'event', channel: 'store:1:online-request', subject: 'evt.online-request.1.changed', data: { id: 602 } }));
    expect(await screen.findByRole('button', { name: 'Online requests: 3' })).toBeInTheDocument();
  });
});

describe('the store activities', () => {
  it("when the activities open, then entries show who did them ('store' when no staff user), unread first marked, and Mark read reads one", async () => {
    const onOpen = jest.fn();
    const api = answers(signIn('owner'), { 'POST /api/markRead': { body: { log: log({ read: true }) } } });
    render(onOpen);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Activities/ }));
    const unread = await screen.findByTestId('log-71');
    expect(unread).toHaveAttribute('data-read', 'false');
    expect(within(unread).getByText(/created by store/)).toBeInTheDocument();
    expect(await within(screen.getByTestId('log-72')).findByText(/created by Linh/)).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    await user.click(within(unread).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(api.callsTo('POST /api/markRead')).toHaveLength(1));
    expect(api.callsTo('POST /api/markRead')[0].body).toEqual({ log_id: 71, user_id: 2 });
    await user.click(within(screen.getByTestId('log-72')).getByRole('button', { name: /Open appointment 501/ }));
    expect(onOpen).toHaveBeenCalledWith(501);
  });

  it('when a log event arrives, then the activities are read again', async () => {
    const api = answers(signIn('superadmin'));
    render();
    await screen.findByRole('button', { name: /Activities/ });
    await waitFor(() => expect(listeners.has('store:1:logs')).toBe(true));
    const before = api.callsTo('GET /api/getStoreLogs/1').length;
    act(() => listeners.get('store:1:logs')!({ type: 'event', channel: 'store:1:logs', subject: 'evt.log.1.created', data: { id: 73 } }));
    await waitFor(() => expect(api.callsTo('GET /api/getStoreLogs/1').length).toBe(before + 1));
  });
});
