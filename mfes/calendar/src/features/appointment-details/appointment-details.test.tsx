import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '@turnbook/web-kit';
import { aSheet, anEmployee } from '@turnbook/web-kit/testing/fixtures';
import { mockApi, type MockAnswer } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { DateTime } from 'luxon';
import { AppointmentDetails } from './index';

const today = DateTime.now().setZone('America/New_York').toISODate()!;
const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
const yesterday = DateTime.now().setZone('America/New_York').minus({ days: 1 }).toISODate()!;

const STORE = {
  id: 1, name: 'lotus nail spa', street: '', address2: '', city: '', state: '', zip: '', email: '', phone: '', permalink: 'lotus-nail-spa', username: 'lotus',
  ownerId: 2, hours: {}, status: 'ON', timezone: 'America/New_York', settings: { turnsBlock: false, cancelAndText: true, autoTextOnApprove: false }, created_at: '', updated_at: '',
} as StoreView;

const appointment = (extra: Partial<AppointmentView> = {}): AppointmentView => ({
  id: 501, storeId: 1, staffId: 10001, customerId: 7, serviceIds: '3,4',
  services: [{ id: 3, name: 'Pedicure', price: 25, duration: 30 }, { id: 4, name: 'Gel polish', price: 22.5, duration: 15 }],
  date: tomorrow, start: '10:00 am', end: '10:45 am', startMin: 600, endMin: 645, note: 'likes pink', status: 'ON', createdBy: 2, modifiedBy: 2,
  sale: 0, userFname: 'linh', nickname: 'linh', customerFname: 'olivia', customerLname: 'smith', customerPhone: '2155550101', customerEmail: '',
  customerStatus: '', sheetId: null, created_at: '', updated_at: '', ...extra,
});
const EMPLOYEES = [
  { id: 10001, userId: 3, storeId: 1, fname: 'linh', lname: 'tran', nickname: 'linh', email: '', phone: '', url: null, role: 'admin', online_booking: 'ON', dayOff: '', sortIndex: 0, color: '', profile_image: null, archived: false, hasPIN: false },
  { id: 10002, userId: 4, storeId: 1, fname: 'anna', lname: 'le', nickname: 'anna', email: '', phone: '', url: null, role: 'staff', online_booking: 'ON', dayOff: '', sortIndex: 1, color: '', profile_image: null, archived: false, hasPIN: false },
];
const SERVICES = [
  { id: 3, storeId: 1, name: 'Pedicure', duration: 30, price: 25, priceCents: 2500, color: '', icon: '1', type: 'ALL', status: 'ON', sortIndex: 0 },
  { id: 4, storeId: 1, name: 'Gel polish', duration: 15, price: 22.5, priceCents: 2250, color: '', icon: '2', type: 'ALL', status: 'ON', sortIndex: 1 },
  { id: 5, storeId: 1, name: 'Kiosk only', duration: 20, price: 10, priceCents: 1000, color: '', icon: '3', type: 'EXTERNAL', status: 'ON', sortIndex: 2 },
];

/** Signs in user 2 of store 1: the owner, or staff with `role`. */
function signIn(role: 'owner' | 'admin' | 'staff' | 'limited') {
  useSession.getState().setSession({ access_token: 'token', user_id: '2', store_id: '1', store_owner_id: role === 'owner' ? '2' : '9', store_permalink: 'lotus-nail-spa' });
  return { 'GET /api/getStaffsByUserId/2/1': { body: { employees: role === 'owner' ? [] : [anEmployee({ id: 10009, role })] } } };
}
const byId = (a: AppointmentView) => ({ 'GET /api/getAppointmentsById/501': { body: { appointments: [a], appointmentsNull: [], appointmentsOnline: [] } } });

function open(table: Record<string, MockAnswer>, extra: Partial<Parameters<typeof AppointmentDetails>[0]> = {}) {
  const api = mockApi(table);
  const onClose = jest.fn();
  const onRebook = jest.fn();
  renderWithProviders(<AppointmentDetails store={STORE} appointmentId={501} onClose={onClose} onRebook={onRebook} {...extra} />);
  return { api, onClose, onRebook };
}
// The modal's code loads lazily: the first render in a run takes a while.
jest.setTimeout(30_000);
/** A Mantine Select's or MultiSelect's input, by its label. */
const pickerInput = async (label: RegExp) => (await screen.findAllByLabelText(label)).find((e) => e.tagName === 'INPUT' && e.getAttribute('aria-haspopup') === 'listbox')!;
const actions = async () => within(await screen.findByRole('group', { name: 'Actions' }, { timeout: 15_000 }));

describe('appointment details', () => {
  it('when the owner opens an appointment, then customer, staff, services, time, status, note, sale and suggested sale show with every action', async () => {
    open({ ...signIn('owner'), ...byId(appointment({ sale: 50 })) });
    const buttons = await actions();
    expect(screen.getByRole('button', { name: 'Customer details: Olivia Smith' })).toBeInTheDocument();
    expect(screen.getByText('(215) 555-0101')).toBeInTheDocument();
    expect(screen.getByText('Linh')).toBeInTheDocument(); // stored 'linh', shown capitalised (displayName)
    expect(screen.getByText('Pedicure · 30 min · $25.00')).toBeInTheDocument();
    expect(screen.getByText('10:00 am - 10:45 am')).toBeInTheDocument();
    expect(screen.getByText('likes pink')).toBeInTheDocument();
    expect(screen.getByText('$50.00')).toBeInTheDocument();
    expect(screen.getByText('$47.50')).toBeInTheDocument();
    expect(buttons.getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Delete', 'History', 'Rebook', 'Check Out', 'Text Center']);
  });

  it('when limited staff follow a link to an appointment, then it is not read by id and no action shows', async () => {
    const { api } = open({ ...signIn('limited'), ...byId(appointment()) });
    expect(await screen.findByText(/Limited staff can't open appointments/)).toBeInTheDocument();
    expect(api.callsTo('GET /api/getAppointmentsById/501')).toHaveLength(0);
  });

  it("when limited staff are given the grid's copy, then they read it without sale, suggested sale or actions", async () => {
    open({ ...signIn('limited') }, { appointment: appointment({ sale: null }) });
    expect(await screen.findByText('10:00 am - 10:45 am')).toBeInTheDocument();
    expect(screen.queryByText(/Suggested sale/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Customer details/ })).not.toBeInTheDocument();
  });

  it('when Edit moves it to the Online column, then PATCH sends the edit with status APPROVED and the named overlap shows', async () => {
    const a = appointment();
    const { api } = open({
      ...signIn('owner'),
      ...byId(a),
      'GET /api/getStaffsByStoreId/1': { body: { employees: EMPLOYEES } },
      'GET /api/getServicesByStoreId/1': { body: { services: SERVICES } },
      'PATCH /api/appointment/501': { body: { appointment: { ...a, staffId: 8888, status: 'APPROVED' }, overlaps: [{ appointmentId: 77, staffId: 10001, date: a.date, start: '10:30 am', end: '11:00 am' }] } },
    });
    fireEvent.click((await actions()).getByRole('button', { name: 'Edit' }));
    const staff = await pickerInput(/^Staff/);
    fireEvent.click(staff);
    fireEvent.click(await screen.findByRole('option', { name: 'Online (anyone)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/appointment/501')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/appointment/501')[0].body).toEqual({
      staffId: 8888, customerId: 7, serviceIds: '3,4', date: a.date, start: '10:00 am', end: '10:45 am', note: 'likes pink', status: 'APPROVED', modifiedBy: 2,
    });
    expect(await screen.findByText(/overlaps appointment 77 \(10:30 am - 11:00 am\)/)).toBeInTheDocument();
  });

  it('when an appointment on the TBD placeholder is edited, then the placeholder is not offered and it is saved as unassigned (9999)', async () => {
    const a = appointment({ staffId: 10007, nickname: 'Next available', userFname: '' });
    const placeholder = { ...EMPLOYEES[1], id: 10007, userId: null, fname: '', nickname: 'Next available', role: 'TBD' };
    const { api } = open({
      ...signIn('owner'),
      ...byId(a),
      'GET /api/getStaffsByStoreId/1': { body: { employees: [...EMPLOYEES, placeholder] } },
      'GET /api/getServicesByStoreId/1': { body: { services: SERVICES } },
      'PATCH /api/appointment/501': { body: { appointment: { ...a, staffId: 9999 } } },
    });
    fireEvent.click((await actions()).getByRole('button', { name: 'Edit' }));
    const staff = await pickerInput(/^Staff/);
    await waitFor(() => expect(staff).toHaveValue('To Be Determined'));
    fireEvent.click(staff);
    expect(screen.queryByRole('option', { name: 'Next available' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('option', { name: 'To Be Determined' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/appointment/501')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/appointment/501')[0].body).toMatchObject({ staffId: 9999 });
  });

  it("when Edit moves it to a past date, then 'Invalid date!!!' shows and nothing is sent", async () => {
    const { api } = open({
      ...signIn('staff'),
      ...byId(appointment()),
      'GET /api/getStaffsByStoreId/1': { body: { employees: EMPLOYEES } },
      'GET /api/getServicesByStoreId/1': { body: { services: SERVICES } },
    });
    fireEvent.click((await actions()).getByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByLabelText(/^Date/), { target: { value: yesterday } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid date!!!')).toBeInTheDocument();
    expect(screen.getByText('Appointment date must be a current or future date.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/appointment/501')).toHaveLength(0);
  });

  it("when Edit removes every service, then 'Please add at least one service' shows and nothing is sent", async () => {
    const { api } = open({
      ...signIn('staff'),
      ...byId(appointment()),
      'GET /api/getStaffsByStoreId/1': { body: { employees: EMPLOYEES } },
      'GET /api/getServicesByStoreId/1': { body: { services: SERVICES } },
    });
    fireEvent.click((await actions()).getByRole('button', { name: 'Edit' }));
    const services = await pickerInput(/^Services/);
    // the EXTERNAL service is not offered
    fireEvent.click(services);
    expect(await screen.findByRole('option', { name: /Pedicure/ , hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Kiosk only/, hidden: true })).not.toBeInTheDocument();
    fireEvent.keyDown(services, { key: 'Backspace' });
    fireEvent.keyDown(services, { key: 'Backspace' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please add at least one service')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/appointment/501')).toHaveLength(0);
  });

  it('when Check Out is sent with 0, then the suggested sale goes; with 44.60 it is rounded to 45', async () => {
    const a = appointment();
    const { api } = open({ ...signIn('staff'), ...byId(a), 'PATCH /api/appointment/501': { body: { appointment: a } } });
    fireEvent.click((await actions()).getByRole('button', { name: 'Check Out' }));
    const form = await screen.findByRole('form', { name: 'Check Out' });
    fireEvent.click(within(form).getByRole('button', { name: 'Check Out' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/appointment/501')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/appointment/501')[0].body).toEqual({ note: 'likes pink', sale: 47.5 });

    fireEvent.click((await actions()).getByRole('button', { name: 'Check Out' }));
    const again = await screen.findByRole('form', { name: 'Check Out' });
    fireEvent.change(within(again).getByLabelText('Sale ($)'), { target: { value: '44.6' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Check Out' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/appointment/501')).toHaveLength(2));
    expect(api.callsTo('PATCH /api/appointment/501')[1].body).toEqual({ note: 'likes pink', sale: 45 });
  });

  it('when the owner deletes, then the delete modal offers Cancel, Cancel and Text Customer and Delete appointment, and Delete removes it and closes', async () => {
    const { api, onClose } = open({ ...signIn('owner'), ...byId(appointment()), 'GET /api/removeAppointment/501': { body: { success: true } } });
    fireEvent.click((await actions()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('button', { name: 'Cancel and Text Customer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete appointment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('GET /api/removeAppointment/501')).toHaveLength(1);
  });

  it('when staff choose Cancel and Text Customer, then it soft-cancels, texts the cancellation and closes (no hard delete offered)', async () => {
    const a = appointment();
    const { api, onClose } = open({
      ...signIn('staff'), ...byId(a),
      'GET /api/cancelAppointment/501': { body: { appointment: { ...a, status: 'CANCEL' } } },
      'POST /api/sendSMS': { status: 201, body: { message: { id: 'txt:1', storeId: 1, recipient: '12155550101', body: 'x', kind: 'cancel', appointmentId: 501, status: 'queued', created_at: new Date().toISOString() } } },
    });
    fireEvent.click((await actions()).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('button', { name: 'Cancel' });
    expect(screen.queryByRole('button', { name: 'Delete appointment' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and Text Customer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('GET /api/cancelAppointment/501')).toHaveLength(1);
    expect(api.callsTo('POST /api/sendSMS').map((c) => c.body)).toEqual([{ storeId: 1, recipient: '12155550101', kind: 'cancel', appointmentId: 501 }]);
  });

  it('when the cancellation text is refused (the customer replied STOP), then the appointment stays cancelled and the details say the text was not sent', async () => {
    const a = appointment();
    const { api, onClose } = open({
      ...signIn('staff'), ...byId(a),
      'GET /api/cancelAppointment/501': { body: { appointment: { ...a, status: 'CANCEL' } } },
      'POST /api/sendSMS': { status: 409, body: { code: 'optedOut', message: 'opted out' } },
    });
    fireEvent.click((await actions()).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel and Text Customer' }));
    expect(await screen.findByText(/The appointment was canceled, but the text could not be sent: This customer replied STOP/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(api.callsTo('GET /api/cancelAppointment/501')).toHaveLength(1);
  });

  it('when a PENDING request is approved, then approveAppointment is called with the customer phone', async () => {
    const a = appointment({ status: 'PENDING', staffId: 8888 });
    const { api } = open({
      ...signIn('staff'),
      ...byId(a),
      'GET /api/approveAppointment/501/2155550101': { body: { appointment: { ...a, status: 'APPROVED' } } },
    });
    const buttons = await actions();
    expect(buttons.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    fireEvent.click(buttons.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('GET /api/approveAppointment/501/2155550101')).toHaveLength(1));
  });

  it('when a request is declined, then the cancelled appointment offers only Delete (managers) and History: no Edit, Rebook or Text Center', async () => {
    let a = appointment({ status: 'PENDING', staffId: 8888 });
    open({
      ...signIn('owner'),
      'GET /api/getAppointmentsById/501': () => ({ body: { appointments: [], appointmentsNull: [], appointmentsOnline: [a] } }),
      'GET /api/cancelAppointment/501': () => {
        a = { ...a, status: 'CANCEL' };
        return { body: { appointment: a } };
      },
    });
    fireEvent.click((await actions()).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('CANCELED')).toBeInTheDocument();
    await waitFor(async () => expect((await actions()).getAllByRole('button').map((b) => b.textContent)).toEqual(['Delete', 'History']));
  });

  it("when 'Keep appointment' would overlap another booking, then the overlap the server names is shown first and declining sends nothing more", async () => {
    const a = appointment({ status: 'REQUEST CANCEL' });
    const overlap = 'Approving this request would overlap another appointment of the same staff member: Emma Le 10:30 am - 11:00 am';
    const { api } = open({
      ...signIn('owner'),
      ...byId(a),
      'GET /api/approveAppointment/501/2155550101': { status: 409, body: { code: 'wouldOverlap', field: 'id', message: overlap } },
    });
    const buttons = await actions();
    expect(buttons.getByRole('button', { name: 'Accept cancellation' })).toBeInTheDocument();
    fireEvent.click(buttons.getByRole('button', { name: 'Keep appointment' }));
    expect(await screen.findByText(`${overlap}. Keep appointment anyway?`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByText(/Keep appointment anyway/)).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.url.includes('approveAppointment'))).toHaveLength(1);
    expect(api.calls.filter((c) => c.url.includes('overlaps=accept'))).toHaveLength(0);
  });

  it('when History is opened, then the log of the appointment shows', async () => {
    open({
      ...signIn('staff'),
      ...byId(appointment()),
      'GET /api/getStoreLogsByAppointmentId/501': { body: { logs: [{ id: 1, storeId: 1, appointmentId: 501, text: 'Appointment created by store', appointment_log: '', userIds: '', read: false, createdBy: 0, created_at: '2026-11-20T15:00:00Z' }] } },
    });
    fireEvent.click((await actions()).getByRole('button', { name: 'History' }));
    expect(await screen.findByText('Appointment created by store')).toBeInTheDocument();
  });

  it('when Rebook is pressed, then the page is handed the appointment and the details close', async () => {
    const a = appointment();
    const { onRebook, onClose } = open({ ...signIn('staff'), ...byId(a) });
    fireEvent.click((await actions()).getByRole('button', { name: 'Rebook' }));
    expect(onRebook).toHaveBeenCalledWith(a);
    expect(onClose).toHaveBeenCalled();
  });

  it('when a walk-in is checked in with two staff members, then it is refused with the reason; with one, its sheet is checked in (the server puts it ON)', async () => {
    const a = appointment({ status: 'PENDING', staffId: 8888, createdBy: 0, note: 'Walk in', date: today, sheetId: 31 });
    const { api } = open({
      ...signIn('staff'),
      ...byId(a),
      'GET /api/getStaffsByStoreId/1': { body: { employees: EMPLOYEES } },
      'PATCH /api/sheet/31': { body: { sheet: aSheet({ id: 31, checked: '10:05 am', staffId: '10002', staff_fname: 'anna' }) } },
    });
    const buttons = await actions();
    expect(buttons.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    fireEvent.click(buttons.getByRole('button', { name: 'Check in' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Linh' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Anna' }));
    expect(await screen.findByText('Choose one staff member to check in a customer with an appointment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check in' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Linh' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/sheet/31')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/appointment/501')).toHaveLength(0);
    expect(api.callsTo('PATCH /api/sheet/31')[0].body).toEqual({ staffId: '10002', staff_fname: 'anna', checked: expect.stringMatching(/^\d\d:\d\d [ap]m$/) });
  });

  it('when a PENDING request has no sheet, then Approve and Decline show, not Check in', async () => {
    open({ ...signIn('staff'), ...byId(appointment({ status: 'PENDING', staffId: 8888, createdBy: 0, note: 'Walk in', sheetId: null })) });
    const buttons = await actions();
    expect(buttons.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(buttons.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
  });

  it("when the customer's name is pressed, then the customer details show upcoming and past appointments with 'Appointment with' for the owner", async () => {
    const a = appointment();
    const past = appointment({ id: 400, date: yesterday, note: '' });
    open({
      ...signIn('owner'),
      ...byId(a),
      'GET /api/customer/7': { body: { customer: { id: 7, storeId: 1, fname: 'olivia', lname: 'smith', email: null, phone: '2155550101', status: '', banned: false, fav_staffId: null, book_with_fav_staff: 0, visited: 2, color: null, created_at: '', updated_at: '' } } },
      'GET /api/getAppointmentsByStoreIdAndCustomerId/1/7': { body: { appointments: [a, past] } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Customer details: Olivia Smith' }));
    const upcoming = await screen.findByRole('region', { name: 'Upcoming appointments' });
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(1);
    expect(within(upcoming).getByText('Appointment with Linh')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Past appointments' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it("when staff open the customer details, then 'Appointment with' is not shown", async () => {
    const a = appointment();
    open({
      ...signIn('staff'),
      ...byId(a),
      'GET /api/customer/7': { body: { customer: { id: 7, storeId: 1, fname: 'olivia', lname: 'smith', email: null, phone: '2155550101', status: '', banned: false, fav_staffId: null, book_with_fav_staff: 0, visited: 2, color: null, created_at: '', updated_at: '' } } },
      'GET /api/getAppointmentsByStoreIdAndCustomerId/1/7': { body: { appointments: [a] } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Customer details: Olivia Smith' }));
    await screen.findByRole('region', { name: 'Upcoming appointments' });
    expect(screen.queryByText(/Appointment with/)).not.toBeInTheDocument();
  });
});

describe('the no-show fee on an appointment holding a card', () => {
  const CHARGE = { appointmentId: 501, amount: 2500, status: 'succeeded', message: 'No-show fee charged', last4: '4242', chargedAt: '2026-01-01T15:00:00.000Z' };
  const fees = (charged: object | null = null) => ({
    'GET /api/public_getCardPolicy/1': { body: { policy: 'groups', noShowFee: 2500 } },
    'GET /api/getNoShowFee/501?storeId=1': { body: { charge: charged } },
  });

  it('when the owner opens a past appointment with a card and clicks Charge no-show fee twice, then one charge is asked and its result shows instead of the button', async () => {
    let answer: (v: { body: unknown }) => void = () => undefined;
    const { api } = open({
      ...signIn('owner'), ...byId(appointment({ date: yesterday, cardOnFile: 'seti_1' })), ...fees(),
      'POST /api/chargeNoShowFee/501': () => new Promise((resolve) => { answer = resolve; }),
    });
    const button = await screen.findByRole('button', { name: 'Charge no-show fee ($25.00)' }, { timeout: 15_000 });
    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo('POST /api/chargeNoShowFee/501')).toHaveLength(1));
    // the second click while the first is being answered
    fireEvent.click(button);
    answer({ body: { charge: CHARGE } });
    expect(await screen.findByText('No-show fee $25.00 charged to the card ending 4242.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Charge no-show fee/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/chargeNoShowFee/501').map((c) => c.body)).toEqual([{ storeId: 1 }]);
  });

  it('when the card declined the fee before, then the details say so with the card message and offer no second charge', async () => {
    open({ ...signIn('owner'), ...byId(appointment({ date: yesterday, cardOnFile: 'seti_1' })), ...fees({ ...CHARGE, status: 'declined', message: 'Your card has insufficient funds. Please try again' }) });
    expect(await screen.findByText('No-show fee $25.00 declined: Your card has insufficient funds. Please try again', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Charge no-show fee/ })).not.toBeInTheDocument();
  });

  it("when the appointment has not started yet, then no charge is offered, only when it will be", async () => {
    open({ ...signIn('owner'), ...byId(appointment({ date: tomorrow, cardOnFile: 'seti_1' })), ...fees() });
    expect(await screen.findByText('The no-show fee can be charged once the appointment has started.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Charge no-show fee/ })).not.toBeInTheDocument();
  });

  it('when an admin opens a past appointment holding a card, then nothing about the fee shows (the owner charges it)', async () => {
    open({ ...signIn('admin'), ...byId(appointment({ date: yesterday, cardOnFile: 'seti_1' })), ...fees() });
    await actions();
    expect(screen.queryByText('A card is on file for this appointment.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Charge no-show fee/ })).not.toBeInTheDocument();
  });

  it('when the owner opens a past appointment without a card, then nothing about the fee shows', async () => {
    open({ ...signIn('owner'), ...byId(appointment({ date: yesterday })), ...fees() });
    await actions();
    expect(screen.queryByText('A card is on file for this appointment.')).not.toBeInTheDocument();
  });
});
