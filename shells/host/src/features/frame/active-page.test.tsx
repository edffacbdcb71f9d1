import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { AppFrame } from './app-frame';

const owner = { access_token: 't', user_id: '5', role: 'professional', store_id: '2', store_owner_id: '5', store_permalink: 'nails-r-us', store_log_in: 'OFF', user_fname: 'mai' };

describe('active page', () => {
  beforeEach(() => {
    useSession.getState().clearSession();
    mockApi({});
  });

  it('when a page opens in the frame and the user navigates, then active_page holds the current path', async () => {
    useSession.getState().setSession(owner);
    const user = userEvent.setup();
    renderWithProviders(<AppFrame>page</AppFrame>, { path: '/customers' });
    await waitFor(() => expect(localStorage.getItem('active_page')).toBe('/customers'));
    await user.click(screen.getAllByRole('link', { name: 'Services' })[0]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/services'));
    await waitFor(() => expect(localStorage.getItem('active_page')).toBe('/services'));
    expect(useSession.getState().active_page).toBe('/services');
  });

  it("when a customer is in the frame, then the brand link goes to their appointments", async () => {
    useSession.getState().setSession({ access_token: 't', user_id: '8', role: 'customer', store_log_in: 'OFF', user_fname: 'ana' });
    renderWithProviders(<AppFrame>page</AppFrame>, { path: '/appointments' });
    expect(await screen.findByRole('link', { name: 'Turnbook: my appointments' })).toHaveAttribute('href', '/appointments');
  });
});
