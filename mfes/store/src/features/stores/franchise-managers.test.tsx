import { fireEvent, screen, within } from '@testing-library/react';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { signInAsOwner } from '../page-frame/people-test-session';
import { FranchiseManagersCard } from './franchise-managers-card';

const ana = { userId: 31, email: 'ana@example.com' };

describe("a store's franchise managers", () => {
  it('when the owner adds a manager by email, then they are listed; removed, the list is empty again', async () => {
    signInAsOwner();
    const api = mockApi({
      'GET /api/getStoreManagers/1': { body: { managers: [] } },
      'POST /api/storeManager/1': { body: { managers: [ana] } },
      'DELETE /api/storeManager/1/31': { body: { managers: [] } },
    });
    renderWithProviders(<FranchiseManagersCard storeId={1} />, { path: '/store/lotus-nail-spa' });
    expect(await screen.findByText('No franchise manager yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Manager's email"), { target: { value: ' ana@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add manager' }));
    const list = await screen.findByRole('list', { name: 'Managers of this location' });
    expect(within(list).getByText('ana@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST /api/storeManager/1')[0].body).toEqual({ email: 'ana@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove ana@example.com' }));
    expect(await screen.findByText('No franchise manager yet.')).toBeInTheDocument();
  });

  it('when the email has no account, then the message says so and nothing is listed', async () => {
    signInAsOwner();
    mockApi({
      'GET /api/getStoreManagers/1': { body: { managers: [] } },
      'POST /api/storeManager/1': { status: 404, body: { message: 'No account with this email', code: 'noAccountWithEmail' } },
    });
    renderWithProviders(<FranchiseManagersCard storeId={1} />, { path: '/store/lotus-nail-spa' });
    fireEvent.change(await screen.findByLabelText("Manager's email"), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add manager' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No account with this email');
    expect(screen.getByText('No franchise manager yet.')).toBeInTheDocument();
  });
});
