import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession, type Listener } from '@turnbook/web-kit';
import { captureRealtime } from '@turnbook/web-kit/testing/capture-realtime';
import { anEmployee } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { DateTime } from 'luxon';
import BulkReminderModal from './bulk-reminder-modal';
import InboxModal from './inbox-modal';
import { TextCenter } from './text-center';
import { TextsToolbar } from './texts-toolbar';

/** The channels the screens joined, with their listeners (the test sends the events). */
let realtime = new Map<string, Listener>();
afterEach(() => jest.restoreAllMocks());

const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
const STORE = {
  id: 1, name: 'lotus nail spa', street: '', address2: '', city: '', state: '', zip: '', email: '', phone: '2155550100', permalink: 'lotus-nail-spa', username: 'lotus',
  ownerId: 2, hours: {}, status: 'ON', timezone: 'America/New_York', settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false }, created_at: '', updated_at: '',
} as StoreView;
const appointment = (extra: Partial<AppointmentView> = {}): AppointmentView => ({
  id: 501, storeId: 1, staffId: 10001, customerId: 7, serviceIds: '3', services: [{ id: 3, name: 'Pedicure', price: 25, duration: 30 }],
  date: tomorrow, start: '10:00 am', end: '10:30 am', startMin: 600, endMin: 630, note: '', status: 'ON', createdBy: 2, modifiedBy: 2,
  sale: 0, userFname: 'linh', nickname: 'linh', customerFname: 'olivia', customerLname: 'smith', customerPhone: '2155550101', customerEmail: '',
  customerStatus: '', sheetId: null, created_at: '', updated_at: '', ...extra,
});

/** Signs in user 2 of store 1: the owner, the front desk, or staff with `role`. */
function signIn(who: 'owner' | 'desk' | 'admin' | 'staff' | 'limited') {
  useSession.getState().setSession({
    access_token: 'token', user_id: '2', store_id: '1', store_owner_id: who === 'owner' ? '2' : '9', store_permalink: 'lotus-nail-spa',
    store_log_in: who === 'desk' ? 'ON' : 'OFF',
  });
  return { 'GET /api/getStaffsByUserId/2/1': { body: { employees: who === 'owner' || who === 'desk' ? [] : [anEmployee({ id: 10009, role: who })] } } };
}
const message = (kind: string, created_at: string, id = `txt:${kind}:${created_at}`) => ({ id, storeId: 1, recipient: '12155550101', body: 'x', kind, appointmentId: 501, status: 'sent', created_at });
const textsOf = (messages: unknown[]) => ({ 'GET /api/getTextsByAppointmentId/501?storeId=1': { body: { messages } } });

jest.setTimeout(30_000);

describe('the Text Center', () => {
  beforeEach(() => void (realtime = captureRealtime()));

  it("when the owner opens it, then Confirm, Reminder, Reschedule, Send review and Custom show with when the last reminder went", async () => {
    mockApi({ ...signIn('owner'), ...textsOf([message('reminder', '2026-11-20T15:05:00.000Z'), message('reminder', '2026-11-18T14:00:00.000Z'), message('confirm', '2026-11-21T10:00:00.000Z')]) });
    renderWithProviders(<TextCenter store={STORE} appointment={appointment()} onBack={() => {}} />);
    expect(await screen.findByText('Last reminder sent 11/20/2026 10:05 AM')).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Texts' });
    await waitFor(() => expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Confirm', 'Reminder', 'Reschedule', 'Send review', 'Custom', 'Back']));
  });

  it("when the front desk opens it, then 'Send review' is not offered; a Reminder is sent with the appointment and says so", async () => {
    const api = mockApi({
      ...signIn('desk'), ...textsOf([]),
      'POST /api/sendSMS': { status: 201, body: { message: message('reminder', new Date().toISOString()) } },
    });
    renderWithProviders(<TextCenter store={STORE} appointment={appointment()} onBack={() => {}} />);
    expect(await screen.findByText('No reminder sent yet')).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Texts' });
    expect(within(group).queryByRole('button', { name: 'Send review' })).not.toBeInTheDocument();
    fireEvent.click(within(group).getByRole('button', { name: 'Reminder' }));
    expect(await screen.findByText('Reminder sent to (215) 555-0101')).toBeInTheDocument();
    const sent = api.callsTo('POST /api/sendSMS');
    expect(sent.map((c) => c.body)).toEqual([{ storeId: 1, recipient: '12155550101', kind: 'reminder', appointmentId: 501 }]);
    // The last reminder is read again after the send.
    await waitFor(() => expect(api.callsTo('GET /api/getTextsByAppointmentId/501?storeId=1').length).toBeGreaterThan(1));
  });

  it('when a custom text is sent empty, then nothing goes; with words, they go as a custom text', async () => {
    const api = mockApi({ ...signIn('staff'), ...textsOf([]), 'POST /api/sendSMS': { status: 201, body: { message: message('custom', new Date().toISOString()) } } });
    renderWithProviders(<TextCenter store={STORE} appointment={appointment()} onBack={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please type a message')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sendSMS')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: '  Running 10 minutes late  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent to (215) 555-0101')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sendSMS')[0]!.body).toEqual({ storeId: 1, recipient: '12155550101', kind: 'custom', appointmentId: 501, body: 'Running 10 minutes late' });
  });

  it('when the customer replied STOP, then the refusal shows in the contract\'s words', async () => {
    mockApi({ ...signIn('admin'), ...textsOf([]), 'POST /api/sendSMS': { status: 409, body: { code: 'optedOut', message: 'opted out' } } });
    renderWithProviders(<TextCenter store={STORE} appointment={appointment()} onBack={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This customer replied STOP: no texts can be sent until they reply START');
  });

  it("when the number is not the customer's on file, then the refusal shows in the contract's words", async () => {
    mockApi({ ...signIn('staff'), ...textsOf([]), 'POST /api/sendSMS': { status: 400, body: { code: 'recipientNotCustomer', message: 'not the customer', field: 'recipient' } } });
    renderWithProviders(<TextCenter store={STORE} appointment={appointment()} onBack={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reminder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not the phone number on file for this customer');
  });

  it('when the appointment has no phone, then every text is disabled and says why', async () => {
    mockApi({ ...signIn('owner'), ...textsOf([]) });
    renderWithProviders(<TextCenter store={STORE} appointment={appointment({ customerPhone: '' })} onBack={() => {}} />);
    expect(await screen.findByText('This customer has no phone number to text.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reminder' })).toBeDisabled();
  });

  it('when limited staff open it, then no text is offered', async () => {
    mockApi({ ...signIn('limited'), ...textsOf([]) });
    renderWithProviders(<TextCenter store={STORE} appointment={appointment()} onBack={() => {}} />);
    const group = await screen.findByRole('group', { name: 'Texts' });
    await waitFor(() => expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Back']));
  });
});

describe('the bulk reminder', () => {
  const day = {
    appointments: [appointment(), appointment({ id: 502, start: '11:00 am', customerFname: 'ann', customerLname: 'lee', customerPhone: '' })],
    appointmentsNull: [],
    appointmentsCancel: [appointment({ id: 503, status: 'CANCEL' })],
    appointmentsOnline: [],
  };

  it("when the owner sends a day's reminders twice, then each appointment shows sent, skipped or failed, and the second press says 'already reminded'", async () => {
    let presses = 0;
    const api = mockApi({
      ...signIn('owner'),
      [`GET /api/getAppointmentsByStoreIdAndDate/1/${tomorrow}`]: { body: day },
      'POST /api/sendSMSReminderBulk': () => {
        presses += 1;
        const first = presses === 1;
        return {
          body: {
            sent: first ? [501] : [], skipped: first ? [502] : [501, 502], failed: [],
            results: [
              { appointmentId: 501, outcome: first ? 'sent' : 'skipped', reason: first ? null : 'already reminded' },
              { appointmentId: 502, outcome: 'skipped', reason: 'no phone' },
            ],
          },
        };
      },
    });
    renderWithProviders(<BulkReminderModal store={STORE} initialDate={tomorrow} onClose={() => {}} />);
    expect(await screen.findByText('2 appointments on this day.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders' }));
    const table = await screen.findByRole('table', { name: 'Reminders' });
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['10:00 amOlivia SmithSent', '11:00 amAnn LeeSkipped: no phone']);
    expect(screen.getByRole('status')).toHaveTextContent('Sent 1 · skipped 1 · failed 0');
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sent 0 · skipped 2 · failed 0'));
    expect(within(screen.getByRole('table', { name: 'Reminders' })).getByText('Skipped: already reminded')).toBeInTheDocument();
    // The cancelled appointment is not named; both presses named the same two.
    expect(api.callsTo('POST /api/sendSMSReminderBulk').map((c) => c.body)).toEqual([{ storeId: 1, events: [501, 502] }, { storeId: 1, events: [501, 502] }]);
  });

  it('when the chosen day has no appointment, then nothing can be sent', async () => {
    mockApi({ ...signIn('owner'), [`GET /api/getAppointmentsByStoreIdAndDate/1/${tomorrow}`]: { body: { appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] } } });
    renderWithProviders(<BulkReminderModal store={STORE} initialDate={tomorrow} onClose={() => {}} />);
    expect(await screen.findByText('No appointment to remind on this day')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reminders' })).toBeDisabled();
  });
});

describe('the toolbar and the SMS inbox', () => {
  beforeEach(() => void (realtime = captureRealtime()));

  it('when staff or the front desk look, then neither the inbox nor the bulk reminder shows; an admin sees the inbox only', async () => {
    mockApi(signIn('desk'));
    const { unmount } = renderWithProviders(<TextsToolbar store={STORE} date={tomorrow} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'SMS inbox' })).not.toBeInTheDocument();
    unmount();
    mockApi(signIn('admin'));
    renderWithProviders(<TextsToolbar store={STORE} date={tomorrow} />);
    expect(await screen.findByRole('button', { name: 'SMS inbox' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bulk reminder' })).not.toBeInTheDocument();
  });

  it("when the owner opens the inbox, then 'Loading ...' shows, then replies grouped by customer, newest first, and a new reply shows without a reload", async () => {
    let items = [
      { id: 'in:2', customerId: 7, customer: 'olivia smith', originator: '12155550101', body: 'See you then', createdDatetime: '2026-11-20T16:00:00.000Z' },
      { id: 'in:1', customerId: 7, customer: 'olivia smith', originator: '12155550101', body: 'Is 10 ok?', createdDatetime: '2026-11-20T15:00:00.000Z' },
      { id: 'in:3', customerId: null, customer: null, originator: '12155550199', body: 'Who is this?', createdDatetime: '2026-11-19T15:00:00.000Z' },
    ];
    const api = mockApi({
      ...signIn('owner'),
      'GET /api/getAllMessagesByStorePhoneNumber?storeId=1': () => ({ body: { response: { originator: '12155550100', items }, customers: [] } }),
    });
    renderWithProviders(<InboxModal store={STORE} onClose={() => {}} />);
    expect(screen.getByText('Loading ...')).toBeInTheDocument();
    const groups = await screen.findAllByRole('region');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['Olivia Smith', '(215) 555-0199']);
    expect(within(groups[0]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['See you then11/20/2026 11:00 AM', 'Is 10 ok?11/20/2026 10:00 AM']);
    items = [{ id: 'in:4', customerId: null, customer: null, originator: '12155550199', body: 'Never mind, found it', createdDatetime: '2026-11-21T09:00:00.000Z' }, ...items];
    act(() => realtime.get('store:1:sms')!({ type: 'event', channel: 'store:1:sms', subject: 'evt.sms.1.received', data: { id: 'in:4', storeId: 1 } }));
    await waitFor(() => expect(screen.getAllByRole('region').map((g) => within(g).getByRole('heading').textContent)).toEqual(['(215) 555-0199', 'Olivia Smith']));
    expect(screen.getByText('Never mind, found it')).toBeInTheDocument();
    expect(api.callsTo('GET /api/getAllMessagesByStorePhoneNumber?storeId=1')).toHaveLength(2);
  });
});
