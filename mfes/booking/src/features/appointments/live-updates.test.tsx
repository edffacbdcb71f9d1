import { act, screen, within } from '@testing-library/react';
import { useSession, type Listener } from '@turnbook/web-kit';
import { captureRealtime } from '@turnbook/web-kit/testing/capture-realtime';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import AppointmentsPage from './appointments-page';

// The relay is a WebSocket: here the page's subscription is caught and its event sent by hand.
let listeners = new Map<string, Listener>();

const user = { id: 5, fname: 'pat', lname: 'lee', email: 'pat@x.com', phone: '2155550177', role: 'customer', profile_image: null, app_version: null, color: '#00bcd4', phoneVerified: true };
const appt = (status: string) => ({
  id: 1, storeId: 1, storeName: 'lotus nail spa', permalink: 'lotus-nail-spa', timezone: 'America/New_York', staffId: 8888, userFname: null, nickname: null, online_booking: null, customerId: 40,
  serviceIds: '3', services: [{ id: 3, name: 'manicure', price: 25, duration: 30 }], date: '2099-01-05', start: '10:00 am', end: '10:30 am', note: '', status,
  created_at: '', updated_at: '',
});

describe('/appointments live', () => {
  beforeEach(() => {
    useSession.getState().setSession({ access_token: 'T', user_id: '5' });
    listeners = captureRealtime();
  });
  afterEach(() => {
    useSession.getState().clearSession();
    jest.restoreAllMocks();
  });

  it('when the store approves and an event arrives on the customer’s channel, then the list is read again and says Approved without a reload', async () => {
    let status = 'PENDING';
    mockApi({
      'GET /api/user/5': { body: { user } },
      'GET /api/public_getAppointmentsByCustomerPhoneNumber/2155550177': () => ({ body: { stores: [[appt(status)]] } }),
    });
    renderWithProviders(<AppointmentsPage />, { path: '/appointments' });
    const item = await screen.findByRole('listitem', {}, { timeout: 5000 });
    expect(within(item).getByText('Waiting for approval')).toBeTruthy();
    expect([...listeners.keys()]).toEqual(['customer:2155550177:online-request']);
    status = 'APPROVED';
    await act(async () => listeners.get('customer:2155550177:online-request')!({ type: 'event', channel: 'customer:2155550177:online-request', subject: 'evt.online-request.1.changed', data: {} }));
    expect(await within(await screen.findByRole('listitem')).findByText('Approved')).toBeTruthy();
  });
});
