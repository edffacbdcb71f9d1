import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmployeeView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { todayIn } from '@turnbook/domain';
import { useSession } from '@turnbook/web-kit';
import { writtenAppointment } from '@turnbook/web-kit/testing/fixtures';
import { mockApi, type MockAnswer } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import type { WizardStart } from '../booking-wizard';
import { QuickBooking } from './index';
import type { QuickSlot } from './quick-slot';

// Quick booking from a slot (issue 31 item 6): the panel's rules and messages are the wizard's, and a
// walk-in takes at most 5 actions from the slot click. The wizard is replaced by what it was opened with.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60_000);

jest.mock('../booking-wizard', () => ({
  ...jest.requireActual('../booking-wizard'),
  BookingWizard: ({ start }: { start: WizardStart | null }) => (start ? <div data-testid="wizard">{JSON.stringify(start)}</div> : null),
}));

import CalendarPage from '../calendar-page/calendar-page';

const ZONE = 'America/New_York';
const today = todayIn(ZONE);
const OPEN = '10:00 am-6:00 pm';
const store = {
  id: 1, name: 'lotus nail spa', street: '', address2: '', city: '', state: 'PA', zip: '19103', email: '', phone: '', permalink: 'lotus', username: 'lotus',
  ownerId: 2, status: 'ON', timezone: ZONE, created_at: '', updated_at: '',
  settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false },
  hours: { mon: OPEN, tue: OPEN, wed: OPEN, thu: OPEN, fri: OPEN, sat: OPEN, sun: OPEN },
} as unknown as StoreView;
const emp = (id: number, nickname: string, sortIndex: number): EmployeeView => ({
  id, userId: null, storeId: 1, fname: nickname, lname: '', nickname, email: '', phone: '', url: null, role: 'staff', online_booking: 'ON', dayOff: '', sortIndex,
  color: '#00bcd4', profile_image: null, archived: false, hasPIN: false,
});
const service = (id: number, name: string, duration: number) => ({ id, storeId: 1, name, duration, price: 25, priceCents: 2500, color: 'fff', icon: '', type: 'INTERNAL', status: 'ON', sortIndex: id });
const customer = (id: number, fname: string, lname: string, phone: string | null) => ({
  id, storeId: 1, fname, lname, email: null, phone, status: '', banned: false, fav_staffId: null, book_with_fav_staff: 0, visited: 0, color: null, created_at: '', updated_at: '',
});
const slot = (start: string, startMin: number, free = true) => ({ start, startMin, free, staffId: free ? 10001 : null });

let nextId = 500;
function table(extra: Record<string, MockAnswer> = {}) {
  const empty = { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] };
  return mockApi({
    'GET /api/getStoreByPermalink/lotus': { body: { stores: [store] } },
    'GET /api/getStaffsByStoreId/1': { body: { employees: [emp(10001, 'linh', 1), emp(10000, 'mai', 0)] } },
    'GET /api/getServicesByStoreId/1': { body: { services: [service(1, 'Manicure', 30), service(2, 'Pedicure', 45)] } },
    // the front desk: the store login, which works the calendar as staff do
    'GET /api/getStaffsByUserId/2/1': { body: { employees: [] } },
    [`GET /api/getAppointmentsByStoreIdAndDate/1/${today}`]: { body: empty },
    [`GET /api/staffAvailability/1/${today}?serviceIds=1&staffId=10001`]: { body: { date: today, duration: 30, slots: [slot('02:15 pm', 855), slot('02:30 pm', 870), slot('02:45 pm', 885)] } },
    'GET /api/searchCustomerByNameAndPhone/1/Rosa/Diaz/null': { body: { more: false, customers: [] } },
    'GET /api/searchCustomerByNameAndPhone/1/null/null/2155550123': { body: { more: false, customers: [] } },
    'POST /api/customer': (body) => ({ status: 201, body: { customer: { ...customer(900, '', '', null), ...(body as object) } } }),
    'POST /api/appointment': (body) => ({ status: 201, body: { appointment: writtenAppointment(nextId++, body) } }),
    'POST /api/appointments/group': (body) => {
      const { storeId, members } = body as { storeId: number; members: object[] };
      return { status: 201, body: { appointments: members.map((m) => ({ appointment: writtenAppointment(nextId++, { ...m, storeId }) })) } };
    },
    'GET /api/billing/config': { body: { stripePublishableKey: null } },
    'POST /api/cardOnFile/setup': { body: { setupIntentId: 'seti_7', clientSecret: 'seti_7_secret_x' } },
    'POST /api/cardOnFile/save': { body: { cardOnFile: { id: 'seti_7', last4: '4242', brand: 'visa' } } },
    ...extra,
  });
}

const asFrontDesk = () =>
  useSession.getState().setSession({ access_token: 'T', user_id: '2', store_id: '1', store_owner_id: '2', owner_id: '2', store_permalink: 'lotus', store_log_in: 'ON' });
afterEach(() => useSession.getState().clearSession());

/** The calendar of today; a click on linh's column at 2:30 pm (the 18th slot from 10:00, 24 px each). */
async function clickSlotAt230() {
  renderWithProviders(
    <Routes>
      <Route path="calendar/:permalink" element={<CalendarPage />} />
    </Routes>,
    { path: '/calendar/lotus' },
  );
  const column = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-col-body="10001"][data-bookable]');
    if (!el) throw new Error('the column is not bookable yet');
    return el;
  });
  fireEvent.click(column, { clientY: 18 * 24 + 5 });
  return await screen.findByRole('dialog', { name: 'Quick booking' }, { timeout: 10_000 });
}

/** The panel alone, for a slot. */
async function panel(at: Partial<QuickSlot> = {}) {
  const onClose = jest.fn();
  const onFull = jest.fn();
  const s: QuickSlot = { date: today, staffId: 10001, staffName: 'linh', time: '02:30 pm', ...at };
  renderWithProviders(<QuickBooking store={store} slot={s} onClose={onClose} onFullWizard={onFull} />);
  const dialog = await screen.findByRole('dialog', { name: 'Quick booking' }, { timeout: 10_000 });
  return { dialog, onClose, onFull };
}

const user = () => userEvent.setup({ delay: null });

describe('quick booking from a slot', () => {
  it('when the front desk books a walk-in from an empty slot with a name, a phone and a service, then it takes 5 actions and the customer and the appointment are written for the slot', async () => {
    asFrontDesk();
    const api = table();
    const u = user();
    let actions = 0;
    const act = async (step: () => Promise<unknown>) => {
      actions += 1;
      await step();
    };
    let dialog!: HTMLElement;
    await act(async () => (dialog = await clickSlotAt230()));
    expect(within(dialog).getByTestId('quick-slot')).toHaveTextContent('Linh');
    expect(within(dialog).getByTestId('quick-slot')).toHaveTextContent('02:30 pm');
    await act(() => u.type(within(dialog).getByLabelText(/Customer name/), 'Rosa Diaz'));
    await act(() => u.type(within(dialog).getByLabelText('Phone'), '2155550123'));
    await act(() => u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ })));
    await act(() => u.click(within(dialog).getByRole('button', { name: 'Save' })));

    await waitFor(() => expect(api.callsTo('POST /api/appointment')).toHaveLength(1));
    expect(actions).toBeLessThanOrEqual(5);
    expect(api.callsTo('POST /api/customer')[0].body).toEqual({ storeId: 1, fname: 'rosa', lname: 'diaz', phone: '2155550123', email: '' });
    expect(api.callsTo('POST /api/appointment')[0].body).toMatchObject({ storeId: 1, staffId: 10001, customerId: 900, serviceIds: '1', date: today, start: '02:30 pm', end: '03:00 pm' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick booking' })).not.toBeInTheDocument());
  });

  it('when the name and phone searches have not answered, then Save still closes the panel once the booking is written', async () => {
    asFrontDesk();
    const never = () => new Promise<never>(() => {});
    const api = table({
      'GET /api/searchCustomerByNameAndPhone/1/Rosa/Diaz/null': never,
      'GET /api/searchCustomerByNameAndPhone/1/null/null/2155550123': never,
    });
    const u = user();
    const dialog = await clickSlotAt230();
    await u.type(within(dialog).getByLabelText(/Customer name/), 'Rosa Diaz');
    await u.type(within(dialog).getByLabelText('Phone'), '2155550123');
    await waitFor(() => expect(api.callsTo('GET /api/searchCustomerByNameAndPhone/1/null/null/2155550123')).toHaveLength(1));
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST /api/appointment')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick booking' })).not.toBeInTheDocument());
  });

  it("when 'Walk-in, no details' is chosen, then 4 actions book it on a customer record of its own named walk-in, with no phone", async () => {
    asFrontDesk();
    const api = table();
    const u = user();
    const dialog = await clickSlotAt230();
    await u.click(within(dialog).getByRole('button', { name: 'Walk-in, no details' }));
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/appointment')).toHaveLength(1));
    expect(api.callsTo('POST /api/customer')[0].body).toEqual({ storeId: 1, fname: 'walk-in', lname: '', phone: '', email: '', status: 'Walk-in: no name or phone given (quick booking)' });
    expect(api.callsTo('POST /api/appointment')[0].body).toMatchObject({ staffId: 10001, customerId: 900, start: '02:30 pm' });
  });

  it("when Save is pressed with nothing filled, then the wizard's messages show, each clearing as soon as its value is valid, and nothing is written", async () => {
    asFrontDesk();
    const api = table();
    const u = user();
    const { dialog } = await panel();
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a first name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a 10-digit phone')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/Customer name/), 'Rosa Diaz');
    await waitFor(() => expect(within(dialog).queryByText('Please enter a first name')).not.toBeInTheDocument());
    await u.type(within(dialog).getByLabelText('Phone'), '2155550123');
    await waitFor(() => expect(within(dialog).queryByText('Please enter a 10-digit phone')).not.toBeInTheDocument());
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please add at least one service');
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/customer')).toHaveLength(0);
    expect(api.callsTo('POST /api/appointment')).toHaveLength(0);
  });

  it("when the name typed matches an existing customer and none is chosen, then Save says the wizard's 'select or confirm'; picking the match books them without a new record", async () => {
    asFrontDesk();
    const rosa = customer(42, 'rosa', 'diaz', '2155550199');
    const api = table({ 'GET /api/searchCustomerByNameAndPhone/1/Rosa/Diaz/null': { body: { more: false, customers: [rosa] } } });
    const u = user();
    const { dialog, onClose } = await panel();
    await u.type(within(dialog).getByLabelText(/Customer name/), 'Rosa Diaz');
    await u.type(within(dialog).getByLabelText('Phone'), '2155550123');
    await within(dialog).findByRole('radio', { name: /rosa diaz/i });
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please select a customer or confirm that you still want to create new customer');
    await u.click(within(dialog).getByRole('radio', { name: /rosa diaz/i }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /api/customer')).toHaveLength(0);
    expect(api.callsTo('POST /api/appointment')[0].body).toMatchObject({ customerId: 42, staffId: 10001, start: '02:30 pm' });
  });

  it("when the services would end after closing, then Save says the store's hours in the server's words and writes nothing", async () => {
    asFrontDesk();
    const api = table({
      [`GET /api/staffAvailability/1/${today}?serviceIds=2&staffId=10001`]: { body: { date: today, duration: 45, slots: [slot('02:30 pm', 870)] } },
    });
    const u = user();
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`));
    const late = await panel({ time: '05:30 pm' });
    await u.click(within(late.dialog).getByRole('button', { name: 'Walk-in, no details' }));
    await u.click(within(late.dialog).getByRole('checkbox', { name: /Pedicure/ }));
    await u.click(within(late.dialog).getByRole('button', { name: 'Save' }));
    expect(await within(late.dialog).findByRole('alert')).toHaveTextContent(`This time is outside the store's hours: open 10:00 am-6:00 pm on ${weekday}s.`);
    expect(api.callsTo('POST /api/customer')).toHaveLength(0);
    expect(api.callsTo('POST /api/appointment')).toHaveLength(0);
  });

  it('when the clicked start is not one staff booking offers (a quarter hour already begun), then Save says so and offers the next start; taking it books that start', async () => {
    asFrontDesk();
    const api = table({
      [`GET /api/staffAvailability/1/${today}?serviceIds=1&staffId=10001`]: { body: { date: today, duration: 30, slots: [slot('03:00 pm', 900), slot('03:15 pm', 915)] } },
    });
    const u = user();
    const { dialog, onClose } = await panel();
    await u.click(within(dialog).getByRole('button', { name: 'Walk-in, no details' }));
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('02:30 pm is not a start linh can take on this date');
    expect(api.callsTo('POST /api/customer')).toHaveLength(0);
    expect(api.callsTo('POST /api/appointment')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Take 03:00 pm instead' }));
    expect(within(dialog).getByTestId('quick-slot')).toHaveTextContent('03:00 pm');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /api/appointment')[0].body).toMatchObject({ start: '03:00 pm', end: '03:30 pm' });
  });

  it("when the slot overlaps another appointment, then the wizard's warning shows before Save and the overlap is named after it", async () => {
    asFrontDesk();
    const overlap = { appointmentId: 77, staffId: 10001, date: today, start: '02:00 pm', end: '03:00 pm' };
    table({
      [`GET /api/staffAvailability/1/${today}?serviceIds=1&staffId=10001`]: { body: { date: today, duration: 30, slots: [slot('02:30 pm', 870, false)] } },
      'POST /api/appointment': (body) => ({ status: 201, body: { appointment: writtenAppointment(600, body), overlaps: [overlap] } }),
    });
    const u = user();
    const { dialog, onClose } = await panel();
    await u.click(within(dialog).getByRole('button', { name: 'Walk-in, no details' }));
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    expect(await within(dialog).findByText('linh already has an appointment at 02:30 pm: this booking will overlap it.')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('It overlaps appointment #77 of linh, 02:00 pm - 03:00 pm.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("when 3 people are booked, then Save asks for the card first, and once it is saved the group is posted in one call, each person with 'group size: 3' and the card", async () => {
    asFrontDesk();
    const api = table();
    const u = user();
    const { dialog } = await panel();
    await u.click(within(dialog).getByRole('button', { name: 'Walk-in, no details' }));
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    const people = within(dialog).getByLabelText('People');
    await u.clear(people);
    await u.type(people, '3');
    expect(within(dialog).getByText('Need Credit card information for group from 3 and up.')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Need Credit card information for group from 3 and up.')).toHaveLength(2);
    expect(api.callsTo('POST /api/appointments/group')).toHaveLength(0);
    await u.click(await within(dialog).findByRole('button', { name: 'Save card' }));
    await within(dialog).findByText('Visa ending 4242 is on file. It is not charged now.');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/appointments/group')).toHaveLength(1));
    expect(api.callsTo('POST /api/appointment')).toHaveLength(0);
    const [call] = api.callsTo('POST /api/appointments/group');
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const { storeId, members } = call.body as { storeId: number; members: { note: string; appointmentId?: number | null; cardOnFile?: string }[] };
    expect(storeId).toBe(1);
    expect(members.map((b) => [b.note, b.cardOnFile])).toEqual([['group size: 3', 'seti_7'], ['group size: 3', 'seti_7'], ['group size: 3', 'seti_7']]);
  });

  it('when the services predate the group call (404), then the group of 3 is posted one appointment per person, the later ones naming the first', async () => {
    asFrontDesk();
    const api = table({ 'POST /api/appointments/group': { status: 404, body: { message: 'Not found', code: 'notFound' } } });
    const u = user();
    const { dialog } = await panel();
    await u.click(within(dialog).getByRole('button', { name: 'Walk-in, no details' }));
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    const people = within(dialog).getByLabelText('People');
    await u.clear(people);
    await u.type(people, '3');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await u.click(await within(dialog).findByRole('button', { name: 'Save card' }));
    await within(dialog).findByText('Visa ending 4242 is on file. It is not charged now.');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/appointment')).toHaveLength(3));
    expect(api.callsTo('POST /api/appointments/group')).toHaveLength(1);
    const bodies = api.callsTo('POST /api/appointment').map((c) => c.body as { note: string; appointmentId: number | null; cardOnFile?: string });
    expect(bodies.map((b) => [b.note, b.cardOnFile])).toEqual([['group size: 3', 'seti_7'], ['group size: 3', 'seti_7'], ['group size: 3', 'seti_7']]);
    expect(bodies[0].appointmentId).toBeNull();
    expect(bodies[1].appointmentId).toBe(bodies[2].appointmentId);
  });

  it('when Full booking is pressed, then the wizard gets what was typed and chosen', async () => {
    asFrontDesk();
    table();
    const u = user();
    const { dialog, onFull } = await panel();
    await u.type(within(dialog).getByLabelText(/Customer name/), 'Rosa Diaz');
    await u.type(within(dialog).getByLabelText('Phone'), '2155550123');
    await u.click(within(dialog).getByRole('checkbox', { name: /Manicure/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Full booking' }));
    expect(onFull).toHaveBeenCalledWith({ customer: null, newCustomer: { fname: 'Rosa', lname: 'Diaz', phone: '(215) 555-0123' }, serviceIds: [1], size: 1 });
  });
});
