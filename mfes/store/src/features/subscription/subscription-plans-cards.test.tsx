import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_TEST_TOKENS } from '@turnbook/contracts/schemas/billing';
import { useSession } from '@turnbook/web-kit';
import { aUser, anEmployee } from '@turnbook/web-kit/testing/fixtures';
import { mockApi, type MockAnswer } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import SubscriptionPage from './subscription-page';

configure({ asyncUtilTimeout: 5000 });

const FREE = { id: null, packageId: null, product: 'Free', price: 0, storeName: 'lotus nail spa', expiration: 'active', current_period_start: null, current_period_end: null };
// This month's card expires soon on any day: its last day is at most 31 days away (a card 30 days ahead was not,
// on a 2nd of December: 2027-01's end is 61 days off).
const thisMonth = new Date();
const CARDS = {
  paymentMethods: [
    { id: 'card_old', card: { last4: '4242', brand: 'visa', exp_month: thisMonth.getUTCMonth() + 1, exp_year: thisMonth.getUTCFullYear() } },
    { id: 'pm_far', card: { last4: '5556', brand: 'visa', exp_month: 12, exp_year: 2040 } },
  ],
  default_source: 'card_old',
};

function api(overrides: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
    'GET /api/getPackageByStoreId/1': { body: FREE },
    'GET /api/getStaffsByStoreId/1': { body: { employees: [anEmployee({ id: 10000, role: 'admin', archived: false })] } },
    'GET /api/getInvoicesByStoreId/1': { body: { invoices: [] } },
    'GET /api/getPMByStoreId/1': { body: CARDS },
    'GET /api/user/2': { body: { user: aUser({ id: 2, email: 'owner@x.com' }) } },
    'GET /api/billing/config': { body: { stripePublishableKey: null } },
    'GET /api/getAllPlans': { body: { products: [{ id: 'price_std', product_name: 'Standard', price: 2999, interval: 'month' }, { id: 'price_prem', product_name: 'Premium', price: 4999, interval: 'month' }] } },
    ...overrides,
  });
}

beforeEach(() => signInAsOwner());
afterEach(() => useSession.getState().clearSession());

describe('/subscription: plans at any staff count', () => {
  it('when the store is on the free plan, then the plans show side by side with prices, a paid plan can be chosen, and nothing speaks of cancelling', async () => {
    api();
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    const plans = await screen.findByRole('region', { name: 'Plans' });
    expect(within(within(plans).getByRole('article', { name: 'Standard plan' })).getByText('$29.99 per month')).toBeInTheDocument();
    expect(within(within(plans).getByRole('article', { name: 'Premium plan' })).getByText('$49.99 per month')).toBeInTheDocument();
    expect(within(within(plans).getByRole('article', { name: 'Free plan' })).getByText('Your plan')).toBeInTheDocument();
    expect(screen.queryByText(/To cancel your subscription/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose a paid plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe' });
    expect(await within(dialog).findByRole('radio', { name: 'Premium — $49.99 per month' })).toHaveAccessibleDescription(/Priority phone support/);
  });
});

describe('/subscription: adding or replacing a card', () => {
  it('when a card expires within two months, then it says so; the other card offers Set as default', async () => {
    api();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByText(/Expires soon:/)).toBeInTheDocument();
    expect(screen.getByText('Expires 12/2040')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set as default card ending 5556' })).toBeInTheDocument();
  });

  it('when the owner adds a card, then a SetupIntent is asked for, the card it saved is kept as the default, and the cards are read again', async () => {
    const m = api({
      'POST /api/setupCard/1': { body: { setupIntentId: 'seti_1', clientSecret: 'seti_1_secret_x' } },
      'POST /api/addCard/1': { body: { ...CARDS, default_source: 'pm_new' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(within(dialog).getByRole('checkbox', { name: 'Make it the default card' })).toBeChecked();
    await user.click(await within(dialog).findByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(m.callsTo('POST /api/addCard/1')[0]?.body).toEqual({ setupIntentId: 'seti_1', makeDefault: true, token: BILLING_TEST_TOKENS.success }));
    expect(m.callsTo('POST /api/setupCard/1')[0]?.body).toEqual({ email: 'owner@x.com' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a card' })).not.toBeInTheDocument());
    await waitFor(() => expect(m.callsTo('GET /api/getPMByStoreId/1')).toHaveLength(2));
  });

  it('when the new card is declined, then the decline shows in the dialog and no card is kept', async () => {
    const m = api({
      'POST /api/setupCard/1': { body: { setupIntentId: 'seti_1', clientSecret: 'seti_1_secret_x' } },
      'POST /api/addCard/1': { status: 402, body: { code: 'cardDeclined', message: 'Your card was declined.' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    expect(m.callsTo('GET /api/getPMByStoreId/1')).toHaveLength(1);
  });
});

describe('/subscription: who is sent where', () => {
  it('when a customer with no store opens it, then they are sent to their appointments (not to My Stores, which sends them on)', async () => {
    useSession.getState().clearSession();
    useSession.getState().setSession({ access_token: 'token', user_id: '9', role: 'customer' });
    mockApi({});
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/appointments'));
  });
});
