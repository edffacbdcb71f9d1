import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIn } from '@turnbook/domain';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import StoreDetailsPage from './store-details-page';

const store = {
  id: 4, name: 'lotus nail spa', street: '1 main st', address2: '', city: 'austin', state: 'TX', zip: '78701', email: 'a@b.co',
  phone: '5125550100', permalink: 'lotus', username: 'lotus', ownerId: 7, status: 'ON', timezone: 'America/Chicago',
  hours: { mon: '9:00 am-6:00 pm', tue: '9:00 am-6:00 pm', wed: '9:00 am-6:00 pm', thu: '9:00 am-6:00 pm', fri: '9:00 am-6:00 pm', sat: '9:00 am-6:00 pm', sun: '9:00 am-6:00 pm' },
  settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false }, created_at: '2026-01-01', updated_at: '2026-01-01',
};
const today = todayIn('America/Chicago');
const employee = (id: number, userId: number, nickname: string) => ({
  id, userId, storeId: 4, fname: nickname, lname: '', nickname, email: '', phone: '', url: null, role: 'staff', online_booking: 'ON',
  dayOff: '', sortIndex: id, color: 'abc', profile_image: null, archived: false, hasPIN: false,
});
const service = (id: number, name: string, over: object = {}) => ({
  id, storeId: 4, name, duration: 30, price: 25, priceCents: 2500, color: 'fff', icon: '', type: 'INTERNAL', status: 'ON', sortIndex: id, ...over,
});
const slots = {
  date: today, duration: 30,
  slots: [
    { start: '02:00 pm', startMin: 840, free: true, staffId: 10001 },
    { start: '02:15 pm', startMin: 855, free: false, staffId: null },
    { start: '02:30 pm', startMin: 870, free: true, staffId: 10002 },
  ],
};
const table = (extra: Record<string, unknown> = {}) =>
  ({
    'GET /api/getStoreByPermalink/lotus': { body: { stores: [store] } },
    'GET /api/getServicesByStoreId/4': { body: { services: [service(1, 'manicure'), service(2, 'door polish', { type: 'EXTERNAL' }), service(3, 'old', { status: 'OFF' })] } },
    'GET /api/getStaffsByStoreId/4': { body: { employees: [employee(10001, 7, 'anna'), employee(10002, 9, 'kim')] } },
    'GET /api/getStaffsByUserId/9/4': { body: { employees: [employee(10002, 9, 'kim')] } },
    ...extra,
  }) as Parameters<typeof mockApi>[0];
const page = () => (
  <Routes>
    <Route path="store/:permalink" element={<StoreDetailsPage />} />
  </Routes>
);

afterEach(() => useSession.getState().clearSession());

describe("Store Details' Book appointment", () => {
  it('when the owner searches a date and services, then the open start times are listed with a free staff member each', async () => {
    useSession.getState().setSession({ access_token: 'T', user_id: '7', store_id: '4', store_owner_id: '7' });
    const api = mockApi(table({ [`GET /api/staffAvailability/4/${today}?serviceIds=1`]: { body: slots } }));
    const user = userEvent.setup();
    renderWithProviders(page(), { path: '/store/lotus' });
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByRole('button', { name: 'Date' })).toHaveTextContent(today.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2-$3-$1'));
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(within(dialog).getByText('Please add at least one service')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /door polish/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /old/ })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('checkbox', { name: /manicure/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const times = await within(dialog).findByRole('list', { name: 'Available start times' });
    expect(within(times).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['02:00 pm Anna', '02:30 pm Kim']);
    expect(api.callsTo(`GET /api/staffAvailability/4/${today}?serviceIds=1`)).toHaveLength(1);
  });

  it('when a staff member who is not the owner searches, then only their own availability is asked for and shown', async () => {
    useSession.getState().setSession({ access_token: 'T', user_id: '9', store_id: '4', store_owner_id: '7' });
    const own = { ...slots, slots: [{ start: '03:00 pm', startMin: 900, free: true, staffId: 10002 }] };
    const api = mockApi(table({ [`GET /api/staffAvailability/4/${today}?serviceIds=1&staffId=10002`]: { body: own } }));
    const user = userEvent.setup();
    renderWithProviders(page(), { path: '/store/lotus' });
    await user.click(await screen.findByRole('button', { name: 'Book appointment' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(await within(dialog).findByText('Your availability (Kim)')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('checkbox', { name: /manicure/ }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Search' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    const times = await within(dialog).findByRole('list', { name: 'Available start times' });
    expect(within(times).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['03:00 pm']);
    expect(api.calls.filter((c) => c.url.startsWith('/api/staffAvailability/'))).toHaveLength(1);
  });
});
