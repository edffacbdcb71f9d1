import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { todayIn } from '@turnbook/domain';
import { useSession } from '@turnbook/web-kit';
import { anAppointment } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { notifications } from '@mantine/notifications';
import { DateTime } from 'luxon';
import { BookingWizard } from './index';

const store = {
  id: 4, name: 'lotus nail spa', street: '1 main st', address2: '', city: 'austin', state: 'TX', zip: '78701', email: 'a@b.co',
  phone: '5125550100', permalink: 'lotus', username: 'lotus', ownerId: 7, status: 'ON', timezone: 'America/Chicago',
  hours: { mon: '9:00 am-6:00 pm', tue: '9:00 am-6:00 pm', wed: '9:00 am-6:00 pm', thu: '9:00 am-6:00 pm', fri: '9:00 am-6:00 pm', sat: '9:00 am-6:00 pm', sun: '9:00 am-6:00 pm' },
  settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false }, created_at: '2026-01-01', updated_at: '2026-01-01',
} as unknown as StoreView;
const today = todayIn('America/Chicago');
const day = DateTime.fromISO(today).plus({ days: 3 }).toISODate()!;
const yesterday = DateTime.fromISO(today).minus({ days: 1 }).toISODate()!;

const employee = (id: number, nickname: string, sortIndex: number) => ({
  id, userId: null, storeId: 4, fname: nickname, lname: '', nickname, email: '', phone: '', url: null, role: 'staff', online_booking: 'ON',
  dayOff: '', sortIndex, color: 'abc', profile_image: null, archived: false, hasPIN: false,
});
const service = (id: number, name: string, duration: number, over: object = {}) => ({
  id, storeId: 4, name, duration, price: 25, priceCents: 2500, color: 'fff', icon: '', type: 'INTERNAL', status: 'ON', sortIndex: id, ...over,
});
const customer = (id: number, fname: string, lname: string, over: object = {}) => ({
  id, storeId: 4, fname, lname, email: null, phone: '5125550111', status: '', banned: false, fav_staffId: null, book_with_fav_staff: 0,
  visited: 0, color: null, created_at: '', updated_at: '', ...over,
});
// The appointment written from a POSTed body, as scheduling answers it.
const appointment = (id: number, body: Record<string, unknown>) => ({ appointment: anAppointment({ ...(body as Partial<AppointmentView>), id }) });

function table(extra: Record<string, unknown> = {}) {
  let next = 500;
  return {
    'GET /api/getStaffsByUserId/7/4': { body: { employees: [] } },
    'GET /api/getStaffsByStoreId/4': { body: { employees: [employee(10002, 'kim', 2), employee(10001, 'anna', 1), { ...employee(10003, 'gone', 3), archived: true }] } },
    'GET /api/getServicesByStoreId/4': {
      body: { services: [service(1, 'manicure', 30), service(2, 'pedicure', 45), service(3, 'door polish', 15, { type: 'EXTERNAL' }), service(4, 'old wax', 20, { status: 'OFF' })] },
    },
    [`GET /api/staffAvailability/4/${day}?serviceIds=1&staffId=10001`]: {
      body: { date: day, duration: 30, slots: [{ start: '10:00 am', startMin: 600, free: true, staffId: 10001 }, { start: '10:15 am', startMin: 615, free: false, staffId: null }] },
    },
    [`GET /api/staffAvailability/4/${day}?serviceIds=2&staffId=10001`]: {
      body: { date: day, duration: 45, slots: [{ start: '11:00 am', startMin: 660, free: false, staffId: null }] },
    },
    'POST /api/customer': (body: unknown) => ({ status: 201, body: { customer: { ...customer(900, '', ''), ...(body as object) } } }),
    'POST /api/appointment': (body: unknown) => ({ status: 201, body: appointment(next++, body as Record<string, unknown>) }),
    // the card on file: the local test card (no publishable key), saved through a SetupIntent
    'GET /api/billing/config': { body: { stripePublishableKey: null } },
    'POST /api/cardOnFile/setup': { body: { setupIntentId: 'seti_41', clientSecret: 'seti_41_secret_x' } },
    'POST /api/cardOnFile/save': { body: { cardOnFile: { id: 'seti_41', last4: '4242', brand: 'visa' } } },
    ...extra,
  } as Parameters<typeof mockApi>[0];
}

/** Opens the wizard and waits for its lazily loaded modal (slow on a busy machine). */
async function open(start: Parameters<typeof BookingWizard>[0]['start'] = { date: day }) {
  const onClose = jest.fn();
  renderWithProviders(<BookingWizard store={store} start={start} onClose={onClose} />);
  await screen.findByRole('dialog', {}, { timeout: 10_000 });
  return onClose;
}

// Each test walks several lazily loaded pages with real debounced searches: slow on a busy 2-core machine.
jest.setTimeout(60_000);

const next = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Next' }));

beforeEach(() => useSession.getState().setSession({ access_token: 'T', user_id: '7', role: 'professional', store_id: '4', store_owner_id: '7' }));
afterEach(() => useSession.getState().clearSession());

describe('booking wizard', () => {
  it('when an individual is booked for a new customer, then the customer is created lowercase and one appointment is posted with its end time', async () => {
    const api = mockApi(table({
      'GET /api/searchCustomerByNameAndPhone/4/Mary/McKay/null': { body: { more: false, customers: [] } },
      'GET /api/searchCustomerByNameAndPhone/4/null/null/5125550123': { body: { more: false, customers: [] } },
    }));
    const user = userEvent.setup({ delay: null });
    const onClose = await open();
    await user.click(await screen.findByRole('button', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mary');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'McKay');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5125550123');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(512) 555-0123');
    await next(user);
    // staff: only the live ones, in column order; Next without a choice explains
    const staff = await screen.findByRole('radiogroup', { name: 'Staff' });
    expect(within(staff).getAllByRole('radio').map((r) => r.closest('label, div')?.textContent)).not.toContain('gone');
    await next(user);
    expect(screen.getByText('Please choose a staff')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Anna' }));
    await next(user);
    // services: ON and not EXTERNAL only; none chosen explains
    expect(await screen.findByRole('checkbox', { name: /manicure/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /door polish/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /old wax/ })).not.toBeInTheDocument();
    await next(user);
    expect(screen.getByText('Please add at least one service')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /manicure/ }));
    await user.click(screen.getByRole('checkbox', { name: /pedicure/ }));
    expect(screen.getByText('Total: 75 min')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /pedicure/ }));
    expect(screen.getByText('Total: 30 min')).toBeInTheDocument();
    await next(user);
    // time: Next only once a start is picked; the conflicting one is marked
    expect(await screen.findByRole('radio', { name: '10:15 am, conflict' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '10:00 am' }));
    await next(user);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'first visit');
    expect(screen.queryByRole('switch', { name: 'Send confirmation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /api/customer')[0].body).toEqual({ storeId: 4, fname: 'mary', lname: 'mckay', phone: '5125550123', email: '' });
    expect(api.callsTo('POST /api/appointment').map((c) => c.body)).toEqual([
      { storeId: 4, staffId: 10001, customerId: 900, serviceIds: '1', appointmentId: null, date: day, start: '10:00 am', end: '10:30 am', note: 'first visit' },
    ]);
  });

  it("when the store has no staff yet, then 'Choose staff' says so and links the owner to Add staff", async () => {
    mockApi(table({ 'GET /api/getStaffsByStoreId/4': { body: { employees: [] } }, 'GET /api/searchCustomerByNameAndPhone/4/Mary/McKay/5125550123': { body: { more: false, customers: [] } } }));
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mary');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'McKay');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5125550123');
    await next(user);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent("Your store doesn't have staff yet");
    expect(within(notice).getByRole('link', { name: 'Add staff' })).toHaveAttribute('href', '/staffs/create');
    expect(screen.queryByRole('radiogroup', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('when the new-customer page finds matches and none is picked, then it asks to select one or confirm a new customer', async () => {
    mockApi(table({ 'GET /api/searchCustomerByNameAndPhone/4/mary/null/null': { body: { more: false, customers: [customer(31, 'mary', 'smith'), customer(32, 'mary', 'banned', { banned: true, status: 'banned' })] } } }));
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'mary');
    expect(await screen.findByRole('radio', { name: /Mary Banned/ }, { timeout: 10_000 })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'History of Mary Smith' })).toHaveAttribute('href', '/customer/31');
    await next(user);
    expect(screen.getByText('Please select a customer or confirm that you still want to create new customer')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Mary Smith/ }));
    await next(user);
    expect(await screen.findByRole('radiogroup', { name: 'Staff' })).toBeInTheDocument();
  });

  it("when 'Emma', 'Smith' is typed with a new phone, then the existing Emma Smith is listed (same name) and a second one is created only by choice", async () => {
    const api = mockApi(table({
      'GET /api/searchCustomerByNameAndPhone/4/Emma/Smith/null': { body: { more: false, customers: [customer(51, 'emma', 'smith')] } },
      'GET /api/searchCustomerByNameAndPhone/4/null/null/5125550999': { body: { more: false, customers: [customer(52, 'ava', 'jones', { phone: '5125550999' })] } },
    }));
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Emma');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Smith');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5125550999');
    const found = await screen.findByRole('radiogroup', { name: 'Existing customers with this name or phone' }, { timeout: 10_000 });
    await waitFor(() => expect(within(found).getAllByRole('radio').map((r) => r.closest('label, div')?.parentElement?.textContent)).toEqual([expect.stringContaining('Emma Smith'), expect.stringContaining('Ava Jones')]));
    expect(within(found).getByText('same name')).toBeInTheDocument();
    expect(within(found).getByText('same phone')).toBeInTheDocument();
    await next(user);
    expect(screen.getByText('Please select a customer or confirm that you still want to create new customer')).toBeInTheDocument();
    expect(api.callsTo('POST /api/customer')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'None of these: create a new customer anyway' }));
    await next(user);
    expect(await screen.findByRole('radiogroup', { name: 'Staff' })).toBeInTheDocument();
  });

  it('when a group of 3 is booked over a conflict, then Finish asks for a card first, the card saved on file goes with each person\'s appointment with the group note in one group call, and the overlap with another booking is named', async () => {
    let n = 700;
    const api = mockApi(
      table({
        'GET /api/searchCustomer/4/rosa': { body: { more: false, customers: [customer(41, 'rosa', 'diaz')] } },
        'POST /api/appointments/group': (body: unknown) => ({
          status: 201,
          body: {
            appointments: (body as { storeId: number; members: Record<string, unknown>[] }).members.map((m) => ({
              ...appointment(n++, { ...m, storeId: 4 }),
              overlaps: [
                { appointmentId: 55, staffId: 10001, date: day, start: '11:00 am', end: '11:30 am' },
                ...(n > 701 ? [{ appointmentId: 700, staffId: 10001, date: day, start: '11:00 am', end: '11:30 am' }] : []),
              ],
            })),
          },
        }),
      }),
    );
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Group' }));
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(screen.getByText('Need Credit card information for group from 3 and up.')).toBeInTheDocument();
    expect(screen.getByText('group size: 3')).toBeInTheDocument();
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Search customer' }));
    await next(user);
    expect(screen.getByText('Please select a customer')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name, phone or email' }), 'rosa');
    await user.click(await screen.findByRole('radio', { name: /Rosa Diaz/ }, { timeout: 10_000 }));
    await next(user);
    await user.click(await screen.findByRole('radio', { name: 'Anna' }));
    await next(user);
    const people = await screen.findAllByRole('group', { name: /Person/ });
    expect(people).toHaveLength(3);
    await user.click(within(people[0]).getByRole('checkbox', { name: /manicure/ }));
    await next(user);
    expect(screen.getByText('Please add at least one service')).toBeInTheDocument();
    await user.click(within(people[1]).getByRole('checkbox', { name: /pedicure/ }));
    await user.click(within(people[2]).getByRole('checkbox', { name: /manicure/ }));
    await next(user);
    // the longest person's services ask for the time (pedicure, 45 min)
    await user.click(await screen.findByRole('radio', { name: '11:00 am, conflict' }));
    expect(screen.getByText(/this booking will overlap it/)).toBeInTheDocument();
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    // the page's notice, and Finish's problem under it
    expect(await screen.findAllByText('Need Credit card information for group from 3 and up.')).toHaveLength(2);
    expect(api.callsTo('POST /api/appointments/group')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Visa ending 4242 is on file. It is not charged now.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/cardOnFile/save')[0].body).toEqual({ storeId: 4, setupIntentId: 'seti_41', token: 'tok_visa' });
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findAllByText(/It overlaps appointment #55 of Anna, 11:00 am - 11:30 am/)).toHaveLength(3);
    // the group's own people overlapping each other are not named
    expect(screen.queryByText(/It overlaps appointment #700/)).not.toBeInTheDocument();
    // the whole group in one call, all or none, with a key that makes a resent call write once
    expect(api.callsTo('POST /api/appointment')).toHaveLength(0);
    const [call] = api.callsTo('POST /api/appointments/group');
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const { storeId, members } = call.body as { storeId: number; members: Record<string, unknown>[] };
    expect(storeId).toBe(4);
    expect(members.map((b) => [b.customerId, b.serviceIds, b.end, b.note, b.appointmentId, b.cardOnFile])).toEqual([
      [41, '1', '11:30 am', 'group size: 3', null, 'seti_41'],
      [41, '2', '11:45 am', 'group size: 3', null, 'seti_41'],
      [41, '1', '11:30 am', 'group size: 3', null, 'seti_41'],
    ]);
  });

  it("when the group's card is declined for insufficient funds, then the seeds' card message shows and nothing is booked", async () => {
    const api = mockApi(
      table({
        'GET /api/searchCustomer/4/rosa': { body: { more: false, customers: [customer(41, 'rosa', 'diaz')] } },
        'POST /api/cardOnFile/save': { status: 402, body: { message: 'Your card has insufficient funds. Please try again', code: 'insufficientFunds' } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    await open({ date: day, staffId: 10001, time: '10:00 am', carried: { customer: customer(41, 'rosa', 'diaz') as never, serviceIds: [1], size: 3 } });
    await next(user); // group size 3
    await user.click(await screen.findByRole('button', { name: 'Search customer' }));
    await user.type(screen.getByRole('textbox', { name: 'Name, phone or email' }), 'rosa');
    await user.click(await screen.findByRole('radio', { name: /Rosa Diaz/ }, { timeout: 10_000 }));
    await next(user);
    await user.click(await screen.findByRole('radio', { name: 'Anna' }));
    await next(user);
    await next(user);
    await user.click(await screen.findByRole('radio', { name: '10:00 am' }));
    await next(user);
    await user.click(await screen.findByRole('radio', { name: 'Insufficient funds' }));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Your card has insufficient funds. Please try again'));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(api.callsTo('POST /api/appointment')).toHaveLength(0);
  });

  it('when a past date is typed, then the alert says Invalid date!!! and the wizard stays on the time page', async () => {
    mockApi(table());
    const user = userEvent.setup({ delay: null });
    await open({ date: day, staffId: 10001, rebookOf: { id: 77, customerId: 41, customerFname: 'rosa', customerLname: 'diaz', customerPhone: '5125550111', staffId: 10001, services: [{ id: 1, name: 'manicure', price: 25, duration: 30 }] } as never });
    // a rebook opens on the staff page with the customer, staff and services chosen
    expect(await screen.findByRole('radio', { name: 'Anna' })).toBeChecked();
    await next(user);
    expect(await screen.findByRole('checkbox', { name: /manicure/ })).toBeChecked();
    await next(user);
    const date = await screen.findByLabelText('Date');
    await user.clear(date);
    await user.type(date, yesterday);
    expect(await screen.findByText('Invalid date!!!')).toBeInTheDocument();
    expect(screen.getByText('Appointment date must be a current or future date.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('when the user goes back, then the page keeps its choices, and reset clears everything back to page 1', async () => {
    mockApi(table());
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Group' }));
    await user.click(screen.getByRole('button', { name: '4' }));
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: '4' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('group size: 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(await screen.findByRole('button', { name: 'Group' }));
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when the front desk books, then the send-confirmation toggle is offered and its choice is sent', async () => {
    useSession.getState().setSession({ store_log_in: 'ON', user_id: '' });
    const api = mockApi(table({ 'GET /api/searchCustomerById/4/41': { body: { customers: [customer(41, 'rosa', 'diaz')] } } }));
    const user = userEvent.setup({ delay: null });
    await open({ date: day, staffId: 10001, time: '10:00 am' });
    await user.click(await screen.findByRole('button', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'Search customer' }));
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Customer number' }));
    await user.type(screen.getByRole('textbox', { name: 'Customer number' }), '41');
    await user.click(await screen.findByRole('radio', { name: /Rosa Diaz/ }, { timeout: 10_000 }));
    await next(user);
    expect(await screen.findByRole('radio', { name: 'Anna' })).toBeChecked();
    await next(user);
    await user.click(await screen.findByRole('checkbox', { name: /manicure/ }));
    await next(user);
    expect(await screen.findByRole('radio', { name: '10:00 am' })).toHaveAttribute('aria-checked', 'true');
    await next(user);
    await user.click(screen.getByRole('switch', { name: 'Send confirmation' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(api.callsTo('POST /api/appointment')).toHaveLength(1));
    expect(api.callsTo('POST /api/appointment')[0].body).toMatchObject({ customerId: 41, start: '10:00 am', end: '10:30 am', sendConfirmation: true });
  });

  it('when the store has a TBD placeholder, then the wizard never offers it as staff, and Next available books Unassigned and says so', async () => {
    const shown = jest.spyOn(notifications, 'show');
    const placeholder = { ...employee(10007, 'Next available', 0), role: 'TBD' };
    const api = mockApi(table({
      'GET /api/getStaffsByStoreId/4': { body: { employees: [placeholder, employee(10002, 'kim', 2), employee(10001, 'anna', 1)] } },
      'GET /api/searchCustomerById/4/41': { body: { customers: [customer(41, 'rosa', 'diaz')] } },
      [`GET /api/staffAvailability/4/${day}?serviceIds=1`]: { body: { date: day, duration: 30, slots: [{ start: '10:00 am', startMin: 600, free: true, staffId: 10001 }] } },
    }));
    const user = userEvent.setup({ delay: null });
    await open({ date: day, time: '10:00 am' });
    await user.click(await screen.findByRole('button', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'Search customer' }));
    await user.click(screen.getByRole('radio', { name: 'Customer number' }));
    await user.type(screen.getByRole('textbox', { name: 'Customer number' }), '41');
    await user.click(await screen.findByRole('radio', { name: /Rosa Diaz/ }, { timeout: 10_000 }));
    await next(user);
    const staff = await screen.findByRole('radiogroup', { name: 'Staff' });
    expect(within(staff).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['10001', '10002', '9999']);
    await user.click(screen.getByRole('radio', { name: 'Next available (Unassigned)' }));
    await next(user);
    await user.click(await screen.findByRole('checkbox', { name: /manicure/ }));
    await next(user);
    // its times are those some real staff member could take: asked without a staff member
    expect(await screen.findByRole('radio', { name: '10:00 am' })).toHaveAttribute('aria-checked', 'true');
    await next(user);
    expect(screen.getByText(/Next available \(Unassigned\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(api.callsTo('POST /api/appointment')).toHaveLength(1));
    expect(api.callsTo('POST /api/appointment')[0].body).toMatchObject({ staffId: 9999, customerId: 41, start: '10:00 am' });
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'Appointment booked in Unassigned: assign a staff member from the calendar' })));
  });

  it("when the new-customer page showed its errors and valid values are typed, then each error clears at once, and a page's message goes as soon as the choice is made", async () => {
    mockApi(table({
      'GET /api/searchCustomerByNameAndPhone/4/Mary/null/null': { body: { more: false, customers: [] } },
      'GET /api/searchCustomerByNameAndPhone/4/null/null/5125550123': { body: { more: false, customers: [] } },
    }));
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    await next(user);
    expect(await screen.findByText('Please enter a first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a 10-digit phone')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mary');
    await waitFor(() => expect(screen.queryByText('Please enter a first name')).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5125550123');
    await waitFor(() => expect(screen.queryByText('Please enter a 10-digit phone')).not.toBeInTheDocument());
    await next(user);
    await screen.findByRole('radiogroup', { name: 'Staff' });
    await next(user);
    expect(screen.getByText('Please choose a staff')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Anna' }));
    expect(screen.queryByText('Please choose a staff')).not.toBeInTheDocument();
  });

  it('when the quick booking hands over a typed new customer and a service, then the wizard opens on the new-customer page with them, the service already chosen', async () => {
    mockApi(table({
      'GET /api/searchCustomerByNameAndPhone/4/Mary/McKay/null': { body: { more: false, customers: [] } },
      'GET /api/searchCustomerByNameAndPhone/4/null/null/5125550123': { body: { more: false, customers: [] } },
    }));
    const user = userEvent.setup({ delay: null });
    await open({ date: day, staffId: 10001, time: '10:00 am', carried: { customer: null, newCustomer: { fname: 'Mary', lname: 'McKay', phone: '(512) 555-0123' }, serviceIds: [1], size: 1 } });
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Mary');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(512) 555-0123');
    await next(user);
    expect(await screen.findByRole('radio', { name: 'Anna' })).toBeChecked();
    await next(user);
    expect(await screen.findByRole('checkbox', { name: /manicure/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'Last name' })).toHaveValue('McKay');
  });

  it('when limited staff open the wizard, then it says they cannot book and offers no page', async () => {
    useSession.getState().setSession({ user_id: '9', store_owner_id: '7' });
    mockApi(table({ 'GET /api/getStaffsByUserId/9/4': { body: { employees: [{ ...employee(10009, 'tina', 9), role: 'limited' }] } } }));
    await open();
    expect(await screen.findByText('Limited staff cannot book appointments.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Individual' })).not.toBeInTheDocument();
  });
});
