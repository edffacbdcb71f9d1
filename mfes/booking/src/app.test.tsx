import { screen, waitFor } from '@testing-library/react';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import App from './app';

// Until this module is built, every route it owns must say so plainly rather than show a blank page.
describe('the booking module', () => {
  it('when a route of the module is opened before it is built, then it says the screen is not available yet', () => {
    renderWithProviders(<App />, { path: '/booking/lotus-nail-spa' });
    expect(screen.getByRole('heading', { name: 'Online booking is not available yet' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});

describe('/appointments', () => {
  const customer = (phoneVerified: boolean) => ({
    user: { id: 5, fname: 'pat', lname: 'lee', email: 'pat@x.com', phone: '2155550177', role: 'customer', profile_image: null, app_version: null, color: '#00bcd4', phoneVerified },
  });
  beforeEach(() => useSession.getState().setSession({ access_token: 'T', user_id: '5' }));
  afterEach(() => useSession.getState().clearSession());

  it('when a customer opens it for the first time with an unverified phone, then it asks for the texted code first', async () => {
    mockApi({ 'GET /api/user/5': { body: customer(false) } });
    renderWithProviders(<App />, { path: '/appointments' });
    expect(await screen.findByRole('button', { name: 'Text me a code' })).toBeTruthy();
    expect(screen.getByText(/Until then, you only see the requests made from this account/)).toBeTruthy();
  });

  it('when the phone is already verified, then no code is asked for', async () => {
    mockApi({ 'GET /api/user/5': { body: customer(true) } });
    renderWithProviders(<App />, { path: '/appointments' });
    expect(await screen.findByRole('heading', { name: 'My appointments' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Loading your account/)).toBeNull());
    expect(screen.queryByRole('button', { name: 'Text me a code' })).toBeNull();
  });
});
