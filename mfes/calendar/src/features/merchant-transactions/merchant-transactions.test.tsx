import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { anEmployee } from '@turnbook/web-kit/testing/fixtures';
import { mockApi, type MockAnswer } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { MerchantTransactions } from './index';

configure({ asyncUtilTimeout: 5000 });

const STORE = { id: 1, timezone: 'America/New_York' };
const URL = `GET /api/getMerchantTransactions/${Date.UTC(2031, 5, 3, 4)}?storeId=1`;
const PAYMENTS = {
  employees: { elements: [{ id: 'e1', name: 'Linh Tran', nickname: 'linh' }] },
  transactions: { elements: [{ id: 't1', amount: 4000, clientCreatedTime: Date.UTC(2031, 5, 3, 14, 30), employee: { id: 'e1' } }] },
};

function signIn(as: 'owner' | 'superadmin' | 'admin', transactions?: MockAnswer) {
  const owner = as === 'owner' ? '2' : '99';
  useSession.getState().setSession({ access_token: 'token', user_id: '2', store_id: '1', store_owner_id: owner, owner_id: owner, store_permalink: 'lotus-nail-spa' });
  return mockApi({
    'GET /api/getStaffsByUserId/2/1': { body: { employees: as === 'owner' ? [] : [anEmployee({ id: 10000, role: as })] } },
    ...(transactions ? { [URL]: transactions } : {}),
  });
}
const render = () => renderWithProviders(<MerchantTransactions store={STORE} date="2031-06-03" title="Tuesday, June 3, 2031" />);

afterEach(() => useSession.getState().clearSession());

describe('the merchant transactions modal', () => {
  it("when the owner opens it, then the day's card payments list amount, time in the store's zone and nickname", async () => {
    const m = signIn('owner', { body: PAYMENTS });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Transactions' }));
    const dialog = await screen.findByRole('dialog', { name: /Transactions/ });
    const row = within(await within(dialog).findByRole('table', { name: 'Card payments' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('10:30 AM')).toBeInTheDocument();
    expect(within(row).getByText('$40.00')).toBeInTheDocument();
    expect(within(row).getByText('linh')).toBeInTheDocument();
    expect(m.callsTo(URL)).toHaveLength(1);
  });

  it('when the day has no payment, then it says No data', async () => {
    signIn('superadmin', { body: { employees: { elements: [] }, transactions: { elements: [] } } });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Transactions' }));
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it('when the terminal cannot be read, then an error with a retry shows, and the retry asks again', async () => {
    const m = signIn('owner', { status: 503, body: { message: 'A service is unavailable', code: 'unavailable' } });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Transactions' }));
    expect(await screen.findByText('The transactions could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(m.callsTo(URL)).toHaveLength(2));
  });

  it('when an admin who is neither owner nor superadmin views the calendar, then there is no Transactions button', async () => {
    const m = signIn('admin');
    render();
    await waitFor(() => expect(m.callsTo('GET /api/getStaffsByUserId/2/1')).toHaveLength(1));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByRole('button', { name: 'Transactions' })).not.toBeInTheDocument();
  });
});
