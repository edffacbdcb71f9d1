import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { aSheet, aPublicEmployee, aPublicStore, aService } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { SignInWizard } from './sign-in-wizard';

const tokenWith = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
// 10:07 am in New York on 2026-11-23: a walk-in's appointment starts at 10:00 am (nearest 15 minutes).
const NOW = new Date('2026-11-23T15:07:00Z');
const TODAY = '2026-11-23';

const STORE = { 'GET /api/public_getStoreByPermalink/lotus': { body: { stores: [aPublicStore({ id: 4, name: 'Lotus Nail Spa', permalink: 'lotus', timezone: 'America/New_York' })] } } };
const SERVICES = {
  'GET /api/getExternalServicesByStoreId/4': {
    body: { services: [
      aService({ id: 3, storeId: 4, name: 'Manicure', duration: 30, status: 'ON', type: 'EXTERNAL' }),
      aService({ id: 5, storeId: 4, name: 'Pedicure', duration: 45, status: 'ON', type: 'EXTERNAL' }),
    ] },
  },
};
const ALMA = {
  id: 77, staffId: 10001, date: TODAY, start: '11:00 am', end: '11:30 am', status: 'APPROVED', services: [{ id: 3, name: 'Manicure', duration: 30 }],
  customerId: 41, customerFname: 'alma', customerLname: 'k', customerPhone: '(***) ***-0188', userFname: 'Tina',
  awaitingApproval: false, signedIn: false,
};
const byPhone = (phone: string, ...found: object[]) => ({
  [`GET /api/getAppointmentsByStoreIdAndType/phone/4/${phone}/${TODAY}`]: { body: { appointments: found, appointmentsNull: [] } },
});

/** Yes -> the phone -> Next: the lookup by phone. */
async function findByPhone(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.click(await screen.findByRole('button', { name: 'Yes' }));
  await typePhone(user, digits);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}
const STAFF = {
  'GET /api/public_getStaffsByStoreId/4': {
    body: { employees: [
      aPublicEmployee({ id: 10002, fname: 'tina', nickname: 'Tina', role: 'staff', sortIndex: 2, storeId: 4 }),
      aPublicEmployee({ id: 10001, fname: 'anna', nickname: '', role: 'admin', sortIndex: 1, storeId: 4 }),
      aPublicEmployee({ id: 10009, fname: 'tbd', nickname: 'TBD', role: 'TBD', sortIndex: 3, storeId: 4 }),
    ] },
  },
};
const QUEUE = { [`GET /api/getQueueByStoreIdAndDate/4/${TODAY}`]: { body: { waiting: 2, waitMinutes: 25, places: [] } } };
let sheets = 0;
const WRITES = {
  // As the server: a walk-in's call books its appointment and gets a place in line; a booked appointment's
  // sheet (Alma's, 77) is not in the line.
  'POST /api/sheets/sign-in': (body: unknown) => {
    sheets += 1;
    const b = body as { appointment_id?: number | null; walkIn?: object };
    const appointmentId = b.walkIn ? 600 + sheets : (b.appointment_id ?? null);
    const booked = appointmentId === 77;
    return {
      status: 201,
      body: { sheet: aSheet({ id: 900 + sheets, appointment_id: appointmentId }), queue: booked ? null : { place: sheets, waitMinutes: 15 }, appointmentId, customerId: b.walkIn ? 70 : null },
    };
  },
};

function setup(table: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ ...STORE, ...SERVICES, ...STAFF, ...QUEUE, ...WRITES, ...table });
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderWithProviders(<SignInWizard storeId={4} permalink="lotus" />, { path: '/customer-sign-in-sheet' });
  return { api, user };
}

const backArrow = () => screen.queryByRole('button', { name: 'Back' });

async function typePhone(user: ReturnType<typeof userEvent.setup>, digits: string) {
  const keypad = screen.getByRole('group', { name: 'Keypad' });
  for (const d of digits) await user.click(within(keypad).getByRole('button', { name: d }));
}

beforeEach(() => {
  sheets = 0;
  localStorage.clear();
  jest.useFakeTimers({ now: NOW });
  useSession.getState().setSession({ access_token: tokenWith({ kind: 'kiosk', storeId: 4 }), store_id: '4', store_permalink: 'lotus' });
});
afterEach(() => {
  jest.useRealTimers();
  useSession.getState().clearSession();
});

describe('the sign-in wizard', () => {
  it('when a walk-in party of 3 signs in, then each person gets a walk-in appointment and a sheet, the thank-you page shows the place and the wait, and the kiosk starts over 4 s later', async () => {
    const { api, user } = setup();
    await screen.findByRole('heading', { name: 'Do you have an appointment?' });
    expect(screen.getByText('Welcome to Lotus Nail Spa')).toBeInTheDocument();
    expect(await screen.findByText('2 waiting · about 25 minutes for a walk-in')).toBeInTheDocument();
    expect(backArrow()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    expect(screen.getByRole('heading', { name: 'Did you talk to a staff?' })).toBeInTheDocument();
    expect(screen.getByText('Please consult availabilities with our staff before continuing.')).toBeInTheDocument();
    expect(backArrow()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(screen.getByRole('heading', { name: 'What is your phone number?' })).toBeInTheDocument();
    expect(backArrow()).toBeNull();
    await typePhone(user, '215555012');
    expect(screen.getByLabelText('Phone number')).toHaveValue('(215) 555-012');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await typePhone(user, '3');
    expect(screen.getByLabelText('Phone number')).toHaveValue('(215) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('heading', { name: 'What is your name?' })).toBeInTheDocument();
    expect(backArrow()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'ana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'lee');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(await screen.findByRole('button', { name: '3 people' }));
    const person = (n: number) => within(screen.getByRole('group', { name: n === 1 ? 'Person 1 (you)' : `Person ${n}` }));
    await user.click(person(1).getByRole('button', { name: 'Manicure' }));
    await user.click(person(2).getByRole('button', { name: 'Pedicure' }));
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.getByText('Choose a service for every person')).toBeInTheDocument();
    await user.click(person(3).getByRole('button', { name: 'Manicure' }));
    await user.click(person(3).getByRole('button', { name: 'Pedicure' }));
    const staffOf2 = within(screen.getByRole('group', { name: 'Person 2: staff' }));
    expect(staffOf2.getAllByRole('button').map((b) => b.textContent)).toEqual(['Anyone', 'Anna', 'Tina']);
    expect(staffOf2.getByRole('button', { name: 'Anyone' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(staffOf2.getByRole('button', { name: 'Tina' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByText("Please have a seat. We will call when we're ready.")).toBeInTheDocument();
    expect(backArrow()).toBeNull();
    expect(await screen.findByText('Your party of 3: number 1 in line')).toBeInTheDocument();
    expect(screen.getByText('Estimated wait: about 15 minutes')).toBeInTheDocument();

    // one call per person: the server finds or makes the customer, books the walk-in and writes the sheet
    const sheetBodies = api.callsTo('POST /api/sheets/sign-in').map((c) => c.body as Record<string, any>);
    expect(sheetBodies).toHaveLength(3);
    expect(sheetBodies[0].walkIn).toEqual({ customer: { fname: 'ana', lname: 'lee', phone: '2155550123' }, serviceIds: '3', start: '10:00 am', end: '10:30 am' });
    expect(sheetBodies[2].walkIn).toMatchObject({ serviceIds: '3,5', end: '11:15 am' });
    expect(sheetBodies.map((s) => [s.customer_name, s.party.index, s.party.size])).toEqual([
      ['Ana Lee (1 of 3)', 1, 3], ['Ana Lee (2 of 3)', 2, 3], ['Ana Lee (3 of 3)', 3, 3],
    ]);
    expect(sheetBodies[0]).toMatchObject({ customer_phone: '2155550123', arrived_time: '10:07 am', date: TODAY, service_by_customer: 'Manicure', staff_by_customer: '' });
    expect(sheetBodies[1]).toMatchObject({ staff_by_customer: 'Tina' });

    await act(async () => void jest.advanceTimersByTime(3_900));
    expect(screen.getByText("Please have a seat. We will call when we're ready.")).toBeInTheDocument();
    await act(async () => void jest.advanceTimersByTime(200));
    expect(screen.getByRole('heading', { name: 'Do you have an appointment?' })).toBeInTheDocument();
  }, 60_000); // some forty clicks: slow on a busy machine

  it("when a customer with an appointment today finds it by phone and says 'Looks good', then only a sheet linked to it is written", async () => {
    const { api, user } = setup({ [`GET /api/getAppointmentsByStoreIdAndType/phone/4/2155550188/${TODAY}`]: { body: { appointments: [ALMA], appointmentsNull: [] } } });
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await typePhone(user, '2155550188');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Is this your appointment?' })).toBeInTheDocument();
    expect(screen.getByText('Alma K.')).toBeInTheDocument();
    expect(screen.getByText('Today at 11:00 am with Tina')).toBeInTheDocument();
    expect(screen.getByText('(***) ***-0188')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change services' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Looks good' }));

    expect(await screen.findByText('The front desk knows you are here.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/sheets/sign-in');
    expect(call.body).not.toHaveProperty('walkIn');
    expect(call.body).toMatchObject({ appointment_id: 77, customer_name: 'Alma K.', service_by_customer: 'Manicure', staff_by_customer: 'Tina' });
  });

  it("when the customer changes the services of the appointment found by last name, then the sheet carries the new services and no appointment is made", async () => {
    const { api, user } = setup({ [`GET /api/getAppointmentsByStoreIdAndType/lname/4/Kay/${TODAY}`]: { body: { appointments: [ALMA], appointmentsNull: [] } } });
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Search by last name' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Kay');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Change services' }));

    expect(screen.queryByRole('group', { name: 'Party size' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Manicure' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Pedicure' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('The front desk knows you are here.');
    const [call] = api.callsTo('POST /api/sheets/sign-in');
    expect(call.body).not.toHaveProperty('walkIn');
    expect(call.body).toMatchObject({ appointment_id: 77, service_by_customer: 'Manicure, Pedicure' });
  });

  it("when no appointment is found and the customer has not talked to a staff member, then 'Please consult availabilities' shows and the kiosk starts over 4 s later", async () => {
    const { user } = setup({ [`GET /api/getAppointmentsByStoreIdAndType/email/4/nobody%40example.com/${TODAY}`]: { body: { appointments: [], appointmentsNull: [] } } });
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Search by email' }));
    expect(backArrow()).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { name: 'We could not find your appointment for today.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I don't have an appointment" }));
    expect(screen.getByRole('heading', { name: 'Did you talk to a staff?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('heading', { name: 'Please consult availabilities with our staff.' })).toBeInTheDocument();

    await act(async () => void jest.advanceTimersByTime(3_999));
    expect(screen.getByRole('heading', { name: 'Please consult availabilities with our staff.' })).toBeInTheDocument();
    await act(async () => void jest.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Do you have an appointment?' })).toBeInTheDocument();
  });

  it('when nobody touches the kiosk for 100 s in the middle of a sign-in, then it starts over, and a touch restarts the count', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await typePhone(user, '21555');

    await act(async () => void jest.advanceTimersByTime(60_000));
    await typePhone(user, '5');
    await act(async () => void jest.advanceTimersByTime(99_000));
    expect(screen.getByLabelText('Phone number')).toHaveValue('(215) 555');

    await act(async () => void jest.advanceTimersByTime(1_000));
    expect(screen.getByRole('heading', { name: 'Do you have an appointment?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
  });

  it("when the network is down at Sign In, then the thank-you says at once that the front desk will know once the tablet is back online, the kiosk starts over 4 s later with a badge counting the sign-in waiting, and it is sent once when the network returns", async () => {
    let online = false;
    let written = 0;
    const { api, user } = setup({
      'POST /api/sheets/sign-in': (body: unknown) => {
        if (!online) return { status: 503, body: { message: 'Service unavailable', code: 'unavailable' } };
        written += 1;
        return WRITES['POST /api/sheets/sign-in'](body);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await typePhone(user, '2155550123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'ana');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'lee');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Manicure' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText("You're signed in. We'll let the front desk know as soon as we're back online.")).toBeInTheDocument();
    expect(screen.queryByText('Signing you in…')).toBeNull();
    await act(async () => void jest.advanceTimersByTime(3_900));
    expect(screen.getByText("Please have a seat. We will call when we're ready.")).toBeInTheDocument();
    await act(async () => void jest.advanceTimersByTime(200));
    expect(screen.getByRole('heading', { name: 'Do you have an appointment?' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '1 sign-in waiting to be sent' })).toHaveTextContent('1 sign-in waiting to be sent');

    online = true;
    // Retries back off (1, 2, 4 s...): the third goes out 7 s after the first.
    await act(async () => void (await jest.advanceTimersByTimeAsync(4_000)));
    expect(screen.queryByRole('status', { name: /waiting to be sent/ })).toBeNull();
    expect(written).toBe(1);
    // every try was the same call, with the key fixed at Sign In
    expect(new Set(api.callsTo('POST /api/sheets/sign-in').map((c) => c.headers['Idempotency-Key'])).size).toBe(1);
  });

  it("when a customer with an appointment signs in with 'Looks good', then the thank-you gives their time and says the desk knows they are here, with no place in the walk-in line", async () => {
    const { user } = setup(byPhone('2155550188', ALMA));
    await findByPhone(user, '2155550188');
    await user.click(await screen.findByRole('button', { name: 'Looks good' }));
    expect(screen.getByText('Your appointment is at 11:00 am with Tina.')).toBeInTheDocument();
    expect(await screen.findByText('The front desk knows you are here.')).toBeInTheDocument();
    expect(screen.queryByText(/in line|Estimated wait|You are next/)).toBeNull();
  });

  it('when an appointment is signed in a second time, then the server answers the first sheet and the thank-you page says it was signed in already, with its place', async () => {
    const { api, user } = setup({
      ...byPhone('2155550188', ALMA),
      'POST /api/sheets/sign-in': { status: 200, body: { sheet: aSheet({ id: 901, appointment_id: 77, checked: null }), queue: null, alreadySignedIn: true, appointmentId: 77, customerId: null } },
    });
    await findByPhone(user, '2155550188');
    await user.click(await screen.findByRole('button', { name: 'Looks good' }));
    expect(await screen.findByText('You were already signed in for this appointment: we kept your place.')).toBeInTheDocument();
    expect(screen.getByText('Your appointment is at 11:00 am with Tina.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sheets/sign-in')).toHaveLength(1);
  });

  it('when the appointment found was signed in already, then the door says so and offers no second sign-in', async () => {
    const { api, user } = setup(byPhone('2155550188', { ...ALMA, signedIn: true }));
    await findByPhone(user, '2155550188');
    expect(await screen.findByRole('heading', { name: 'You are already signed in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Looks good' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change services' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('heading', { name: 'Do you have an appointment?' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/sheets/sign-in')).toHaveLength(0);
  });

  it('when the only match is an online request the salon has not approved, then it shows as a request not confirmed yet, never as a booked appointment', async () => {
    const { api, user } = setup(byPhone('2155550188', { ...ALMA, status: 'PENDING', start: '10:30 am', userFname: 'Mai', awaitingApproval: true }));
    await findByPhone(user, '2155550188');
    expect(await screen.findByRole('heading', { name: 'Your request is not confirmed yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Is this your appointment?' })).toBeNull();
    expect(screen.queryByText('Today at 10:30 am with Mai')).toBeNull();
    expect(screen.getByText('Requested for today at 10:30 am with Mai')).toBeInTheDocument();
    expect(screen.getByText('Not confirmed yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Looks good' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Your request is for 10:30 am with Mai: the front desk will confirm it with you.');
    expect(screen.queryByText(/in line/)).toBeNull();
    expect(api.callsTo('POST /api/sheets/sign-in')[0].body).toMatchObject({ appointment_id: 77 });
  });

  it('when the tablet is offline during the appointment lookup, then it says the network is down (not that no appointment was found) and Try again searches again', async () => {
    let online = false;
    const { api, user } = setup({
      [`GET /api/getAppointmentsByStoreIdAndType/phone/4/2155550188/${TODAY}`]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { body: { appointments: [ALMA], appointmentsNull: [] } };
      },
    });
    await findByPhone(user, '2155550188');
    expect(await screen.findByRole('heading', { name: 'We cannot reach the salon’s system right now' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The network seems to be down');
    expect(screen.queryByText('We could not find your appointment for today.')).toBeNull();
    expect(screen.queryByText('Try another way, or sign in as a walk-in.')).toBeNull();
    expect(screen.queryByRole('button', { name: "I don't have an appointment" })).toBeNull();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Is this your appointment?' })).toBeInTheDocument();
    expect(api.callsTo(`GET /api/getAppointmentsByStoreIdAndType/phone/4/2155550188/${TODAY}`)).toHaveLength(2);
  });

  it('when the fourth in line has no wait (staff are free), then the thank-you page does not say "You are next"', async () => {
    const { user } = setup({
      ...byPhone('2155550188', ALMA),
      'POST /api/sheets/sign-in': { status: 201, body: { sheet: aSheet({ id: 904 }), queue: { place: 4, waitMinutes: 0 }, appointmentId: 77, customerId: null } },
    });
    await findByPhone(user, '2155550188');
    await user.click(await screen.findByRole('button', { name: 'Looks good' }));
    expect(await screen.findByText('You are number 4 in line')).toBeInTheDocument();
    expect(screen.queryByText('You are next')).toBeNull();
    expect(screen.getByText('Estimated wait: just a few minutes')).toBeInTheDocument();
  });
});
