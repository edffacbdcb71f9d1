import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSession } from '@turnbook/web-kit';
import { captureRealtime } from '@turnbook/web-kit/testing/capture-realtime';
import { anEmployee } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { NOTICE_REPEAT_MS, SubscriptionNotice } from './index';
import { NOTICE_TEXT, NOTICE_TEXT_TODAY } from './notice-rule';

configure({ asyncUtilTimeout: 5000 });

function signIn(owner: boolean) {
  const ownerId = owner ? '2' : '99';
  useSession.getState().setSession({ access_token: 'token', user_id: '2', store_id: '1', store_owner_id: ownerId, owner_id: ownerId, store_permalink: 'lotus-nail-spa' });
  return mockApi({
    'GET /api/getStaffsByUserId/2/1': { body: { employees: owner ? [] : [anEmployee({ id: 10000, role: 'staff' })] } },
    'GET /api/getPackageByStoreId/1': { body: { id: null, packageId: null, product: 'Free', price: 0, storeName: 'lotus', expiration: 'past_due', current_period_start: null, current_period_end: null } },
  });
}

afterEach(() => {
  localStorage.clear();
  jest.useRealTimers();
  jest.restoreAllMocks();
  useSession.getState().clearSession();
});

describe('the subscription-expired notice', () => {
  it("when the owner of a 5-staff unpaid store opens the calendar, then 'today' and the link show, and 2 hours after closing it comes back without 'today'", async () => {
    signIn(true);
    renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={5} />);
    expect(await screen.findByText(NOTICE_TEXT_TODAY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a payment' })).toHaveAttribute('href', '/subscription');
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(NOTICE_TEXT_TODAY)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(NOTICE_REPEAT_MS - 1000));
    expect(screen.queryByText(NOTICE_TEXT)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    jest.useRealTimers();
    expect(await screen.findByText(NOTICE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a payment' })).toBeInTheDocument();
  });

  it("when the owner closes it and reloads, then it stays closed until 2 hours after the close and comes back without 'today'", async () => {
    signIn(true);
    const first = renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={5} />);
    expect(await screen.findByText(NOTICE_TEXT_TODAY)).toBeInTheDocument();
    const closedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    first.unmount();
    // a reload a minute later: still closed
    jest.spyOn(Date, 'now').mockReturnValue(closedAt + 60_000);
    const second = renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={5} />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    second.unmount();
    // a reload 2 hours after the close: back, without 'today', with the link
    jest.spyOn(Date, 'now').mockReturnValue(closedAt + NOTICE_REPEAT_MS);
    renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={5} />);
    expect(await screen.findByText(NOTICE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a payment' })).toBeInTheDocument();
  });

  it("when the owner reloads without closing it, then it shows again without 'today'", async () => {
    signIn(true);
    const first = renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={5} />);
    expect(await screen.findByText(NOTICE_TEXT_TODAY)).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={5} />);
    expect(await screen.findByText(NOTICE_TEXT)).toBeInTheDocument();
  });

  it('when a staff member of the same store opens the calendar, then the text shows without the link', async () => {
    signIn(false);
    renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={5} />);
    expect(await screen.findByText(NOTICE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Make a payment' })).not.toBeInTheDocument();
  });

  it('when the store has 4 staff entries, then no notice and billing is not asked', async () => {
    const m = signIn(true);
    renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={4} />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(m.callsTo('GET /api/getPackageByStoreId/1')).toHaveLength(0);
  });

  it("when the store's package changes to active on the billing channel, then the notice goes away without a reload", async () => {
    const listeners = captureRealtime();
    signIn(true);
    renderWithProviders(<SubscriptionNotice storeId={1} staffEntries={5} />);
    expect(await screen.findByText(NOTICE_TEXT_TODAY)).toBeInTheDocument();
    mockApi({
      'GET /api/getStaffsByUserId/2/1': { body: { employees: [] } },
      'GET /api/getPackageByStoreId/1': { body: { id: 'sub_1', packageId: 'price_1', product: 'Pro', price: 2999, storeName: 'lotus', expiration: 'active', current_period_start: 1, current_period_end: 2 } },
    });
    act(() => listeners.get('store:1:billing')!({ type: 'event', channel: 'store:1:billing', subject: 'evt.billing.1.package_changed', data: { storeId: 1 } }));
    await waitFor(() => expect(screen.queryByText(NOTICE_TEXT_TODAY)).not.toBeInTheDocument());
  });
});
