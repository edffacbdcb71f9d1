import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_MESSAGES } from '@turnbook/contracts/errors/billing';
import { BILLING_TEST_TOKENS } from '@turnbook/contracts/schemas/billing';
import { useSession } from '@turnbook/web-kit';
import { captureRealtime } from '@turnbook/web-kit/testing/capture-realtime';
import { aUser, anEmployee } from '@turnbook/web-kit/testing/fixtures';
import { mockApi, type MockAnswer } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { roleAnswer, signInAsOwner } from '../page-frame/people-test-session';
import SubscriptionPage from './subscription-page';

// The first render loads Mantine and the lazy modal: slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const INACTIVE = { id: null, packageId: null, product: 'Free', price: 0, storeName: 'lotus nail spa', expiration: 'past_due', current_period_start: null, current_period_end: null };
const ACTIVE = { id: 'sub_1', packageId: 'price_pro', product: 'Pro', price: 2999, storeName: 'lotus nail spa', expiration: 'active', current_period_start: 1767225600, current_period_end: 1769904000 };
const staff = (n: number) => ({ body: { employees: Array.from({ length: n }, (_, i) => anEmployee({ id: 10000 + i, role: 'staff', archived: false })) } });

function api(overrides: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/getStaffsByUserId/2/1': roleAnswer('admin'),
    'GET /api/getPackageByStoreId/1': { body: INACTIVE },
    'GET /api/getStaffsByStoreId/1': staff(6),
    'GET /api/getInvoicesByStoreId/1': { body: { invoices: [{ id: 'in_1', period_start: Date.UTC(2026, 2, 5, 12) / 1000, amount_paid: 2999, hosted_invoice_url: 'https://pay.example/in_1' }] } },
    'GET /api/getPMByStoreId/1': {
      body: { paymentMethods: [{ id: 'card_a', card: { last4: '4242', brand: 'visa' } }, { id: 'card_b', card: { last4: '1881', brand: 'visa' } }], default_source: 'card_a' },
    },
    'GET /api/user/2': { body: { user: aUser({ id: 2, email: 'owner@x.com' }) } },
    'GET /api/billing/config': { body: { stripePublishableKey: null } },
    'GET /api/getAllPlans': { body: { products: [{ id: 'price_basic', product_name: 'Basic', price: 1999, interval: 'month' }, { id: 'price_pro', product_name: 'Pro', price: 2999, interval: 'month' }] } },
    ...overrides,
  });
}

async function openAndFill(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Subscribe now' }));
  const dialog = await screen.findByRole('dialog', { name: 'Subscribe' });
  await user.click(await within(dialog).findByRole('radio', { name: 'Pro — $29.99 per month' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Mai');
  await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Nguyen');
  await user.type(within(dialog).getByRole('textbox', { name: 'Street address' }), '12 Main St');
  await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Austin');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'State' }), 'DC');
  await user.type(within(dialog).getByRole('textbox', { name: 'Zip' }), '20001');
  return dialog;
}

beforeEach(() => signInAsOwner());
afterEach(() => {
  jest.restoreAllMocks();
  useSession.getState().clearSession();
});

describe('/subscription', () => {
  it.each(['admin', 'limited'] as const)("when %s staff who are not the owner open it, then they are sent to the store's calendar, never to /staffs", async (role) => {
    signInAsOwner({ user_id: '3' });
    mockApi({ 'GET /api/getStaffsByUserId/3/1': roleAnswer(role) });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/calendar/lotus-nail-spa'));
  });

  it("when the front desk opens it, then it is sent to the store's calendar, never to /staffs", async () => {
    signInAsOwner({ user_id: '', store_owner_id: '9', owner_id: '9', store_log_in: 'ON' });
    mockApi({});
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/calendar/lotus-nail-spa'));
  });

  it('when the store has no paid plan, then the status reads the expiration, invoices show date, dollars and a link, and the default card is marked', async () => {
    api();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('past_due');
    expect(await screen.findByText('3-5-2026')).toBeInTheDocument();
    expect(screen.getByText('$29.99')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View invoice of 3-5-2026' })).toHaveAttribute('href', 'https://pay.example/in_1');
    expect(screen.getByText('visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set as default card ending 1881' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set as default card ending 4242' })).not.toBeInTheDocument();
  });

  it('when the package has no expiration, then the status reads inactive', async () => {
    api({ 'GET /api/getPackageByStoreId/1': { body: { ...INACTIVE, expiration: '' } } });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('inactive');
  });

  it('when the owner sets another card as default, then setDefaultPMByStoreId gets its id and the cards are read again', async () => {
    const m = api({ 'POST /api/setDefaultPMByStoreId/1': { body: { default_source: 'card_b' } } });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await user.click(await screen.findByRole('button', { name: 'Set as default card ending 1881' }));
    await waitFor(() => expect(m.callsTo('POST /api/setDefaultPMByStoreId/1')[0]?.body).toEqual({ pm_source: 'card_b' }));
    await waitFor(() => expect(m.callsTo('GET /api/getPMByStoreId/1')).toHaveLength(2));
  });

  it('when the plan is active, then the next billing date and the contact-us note show and there is no Subscribe now', async () => {
    api({ 'GET /api/getPackageByStoreId/1': { body: ACTIVE } });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByText(/Next billing date: \d+-\d+-2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', 'mailto:support@turnbook.app');
    expect(screen.getByText('Pro — $29.99 per month')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe now' })).not.toBeInTheDocument();
  });

  it('when the store has 4 staff and no active plan, then the owner is told a plan is needed though the calendar shows no reminder', async () => {
    api({ 'GET /api/getStaffsByStoreId/1': staff(4) });
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByText(/Your store has 4 staff/)).toBeInTheDocument();
  });

  it('when the billing form is sent empty, then each required field says so and nothing is paid', async () => {
    const m = api();
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    await user.click(await screen.findByRole('button', { name: 'Subscribe now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe' });
    await user.click(await within(dialog).findByRole('button', { name: 'Subscribe' }));
    for (const text of ['Please enter the first name', 'Please enter the last name', 'Please enter the street address', 'Please enter the city', 'Please choose a state', 'Please enter a 5-digit zip code'])
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(m.callsTo('POST /api/subscribe/1')).toHaveLength(0);
  });

  it('when the success test card is paid, then subscribe gets the form and its token, the thank-you shows and closing it reloads', async () => {
    const m = api({ 'POST /api/subscribe/1': { body: { success: true, package: ACTIVE } } });
    const onPaid = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionPage onPaid={onPaid} />, { path: '/subscription' });
    const dialog = await openAndFill(user);
    expect(within(dialog).getByText(/agree to the/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    const thanks = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(within(thanks).getByText(BILLING_MESSAGES.paymentSubmitted)).toBeInTheDocument();
    expect(m.callsTo('POST /api/subscribe/1')[0]?.body).toEqual({
      stripeEmail: 'owner@x.com', stripeToken: BILLING_TEST_TOKENS.success, full_name: 'Mai Nguyen', line1: '12 Main St', city: 'Austin', state: 'DC', postal_code: '20001', packageId: 'price_pro',
    });
    await user.click(within(thanks).getByRole('button', { name: 'Close' }));
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Insufficient funds', BILLING_TEST_TOKENS.insufficientFunds, BILLING_MESSAGES.insufficientFunds],
    ['Authentication required', BILLING_TEST_TOKENS.authenticationRequired, BILLING_MESSAGES.authenticationRequired],
  ])('when the %s test card is paid, then its decline text shows and closing only dismisses it', async (label, token, text) => {
    const m = api({ 'POST /api/subscribe/1': { status: 402, body: text } });
    const onPaid = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionPage onPaid={onPaid} />, { path: '/subscription' });
    const dialog = await openAndFill(user);
    await user.click(within(dialog).getByRole('radio', { name: label }));
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    const declined = await screen.findByRole('dialog', { name: 'Payment declined' });
    expect(within(declined).getByText(text)).toBeInTheDocument();
    expect(m.callsTo('POST /api/subscribe/1')[0]?.body).toMatchObject({ stripeToken: token });
    await user.click(within(declined).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Subscribe' })).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('when subscribe fails for a reason other than the card, then its message shows in the form', async () => {
    api({ 'POST /api/subscribe/1': { status: 502, body: { message: BILLING_MESSAGES.paymentProviderFailed, code: 'paymentProviderFailed' } } });
    const user = userEvent.setup();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    const dialog = await openAndFill(user);
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(dialog).findByText(BILLING_MESSAGES.paymentProviderFailed)).toBeInTheDocument();
  });

  it("when the store's package changes on the billing channel, then the page reads it again and shows it", async () => {
    const listeners = captureRealtime();
    api();
    renderWithProviders(<SubscriptionPage />, { path: '/subscription' });
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('past_due');
    api({ 'GET /api/getPackageByStoreId/1': { body: ACTIVE } });
    act(() => listeners.get('store:1:billing')!({ type: 'event', channel: 'store:1:billing', subject: 'evt.billing.1.package_changed', data: { storeId: 1 } }));
    await waitFor(() => expect(screen.getByTestId('subscription-status')).toHaveTextContent('active'));
    expect(screen.queryByRole('button', { name: 'Subscribe now' })).not.toBeInTheDocument();
  });
});
