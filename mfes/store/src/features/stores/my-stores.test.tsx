import { screen, waitFor } from '@testing-library/react';
import { useSession } from '@turnbook/web-kit';
import { aStore } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import CreateStorePage from './create-store-page';
import MyStoresPage from './my-stores-page';

const store = aStore({
  id: 4, name: 'lotus nail spa', street: '1 main st', address2: '', city: 'austin', state: 'TX', zip: '78701', email: 'a@b.co',
  phone: '5125550100', permalink: 'lotus-nail-spa', hours: {}, status: 'ON', timezone: 'America/Chicago',
});
const as = (role: string) => useSession.getState().setSession({ access_token: 'T', user_id: '7', role, user_view: 'ON', store_log_in: 'OFF' });

afterEach(() => useSession.getState().clearSession());

describe('My Stores for customers', () => {
  it('when a customer who works at a store opens /stores, then the workplace shows and Create New Store does not', async () => {
    as('customer');
    mockApi({ 'GET /api/getStoreByOwnerId/7': { body: { stores: [] } }, 'GET /api/getStoreByUserId/7': { body: { stores: [store] } } });
    renderWithProviders(<MyStoresPage />, { path: '/stores' });
    expect(await screen.findByRole('link', { name: /^lotus nail spa\s*: open the calendar/i })).toBeInTheDocument();
    expect(screen.queryByText('Create New Store')).not.toBeInTheDocument();
  });

  it('when a customer with no store opens /stores, then they are sent to /appointments', async () => {
    as('customer');
    mockApi({ 'GET /api/getStoreByOwnerId/7': { body: { stores: [] } }, 'GET /api/getStoreByUserId/7': { body: { stores: [] } } });
    renderWithProviders(<MyStoresPage />, { path: '/stores' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/appointments'));
    expect(screen.queryByText('Create New Store')).not.toBeInTheDocument();
  });

  it('when a professional opens /stores, then Create New Store is offered', async () => {
    as('professional');
    mockApi({ 'GET /api/getStoreByOwnerId/7': { body: { stores: [store] } }, 'GET /api/getStoreByUserId/7': { body: { stores: [] } } });
    renderWithProviders(<MyStoresPage />, { path: '/stores' });
    expect(await screen.findByRole('link', { name: /Create New Store/ })).toHaveAttribute('href', '/stores/create');
  });

  it('when a customer opens /stores/create, then they are sent to /appointments before any wizard page', async () => {
    as('customer');
    const api = mockApi({});
    renderWithProviders(<CreateStorePage />, { path: '/stores/create' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/appointments'));
    expect(screen.queryByText("What's the name of your business?")).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
