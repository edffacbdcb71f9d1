import { screen, within } from '@testing-library/react';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import SubscriptionsPage from './subscriptions-page';

const SUBS = [
  { id: 1, storeName: 'lotus nail spa', product: 'Pro', expiration: 'active', current_period_start: Date.UTC(2031, 0, 5, 12) / 1000, current_period_end: Date.UTC(2031, 1, 5, 12) / 1000 },
  { id: 2, storeName: 'rose nails', product: 'Basic', expiration: null, current_period_start: null, current_period_end: null },
];

describe('/admin-subscriptions', () => {
  it('when the subscriptions arrive, then one card per store shows id, name, package, expiration or inactive, and the period', async () => {
    const api = mockApi({ 'GET /api/getAllSub': { body: { client_ids: SUBS } } });
    renderWithProviders(<SubscriptionsPage />, { path: '/admin-subscriptions' });
    expect(screen.getByRole('heading', { name: 'Subscriptions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Admin Dashboard/ })).toHaveAttribute('href', '/admin-dashboard');
    expect(screen.getByText('Loading subscriptions…')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Store 1' });
    expect(within(first).getByText('lotus nail spa')).toBeInTheDocument();
    expect(within(first).getByText('ID 1')).toBeInTheDocument();
    expect(within(first).getByText('Package: Pro')).toBeInTheDocument();
    expect(within(first).getByText('active')).toBeInTheDocument();
    expect(within(first).getByText('Current period: Jan 5 - Feb 5')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Store 2' });
    expect(within(second).getByText('inactive')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it('when no store has subscribed, then it says No data', async () => {
    mockApi({ 'GET /api/getAllSub': { body: { client_ids: [] } } });
    renderWithProviders(<SubscriptionsPage />, { path: '/admin-subscriptions' });
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
