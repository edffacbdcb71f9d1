import { MESSAGES } from '@turnbook/contracts/errors/index';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { aUser } from '@turnbook/web-kit/testing/fixtures';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import LoginPage from './login-page';

async function logIn(entry: string, password = 'secret') {
  const user = userEvent.setup();
  renderWithProviders(<LoginPage />, { path: '/login' });
  await user.type(screen.getByRole('textbox', { name: 'Email or username' }), entry);
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login', () => {
  beforeEach(() => useSession.getState().clearSession());

  it('when the fields are empty, then both are required and nothing is sent', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your email or username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('when the user login answers a user, then the session is stored (user login ON, store login OFF) and /stores opens', async () => {
    const api = mockApi({
      'POST /api/login': { body: { user: aUser({ id: 7, role: 'professional', profile_image: 'p.png', fname: 'nina' }), access_token: 'T1' } },
    });
    await logIn('Nina@Salon.com');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores'));
    expect(api.callsTo('POST /api/login')[0].body).toEqual({ email: 'Nina@Salon.com', password: 'secret' });
    expect(api.callsTo('POST /api/storeLogin')).toHaveLength(0);
    expect(useSession.getState()).toMatchObject({ access_token: 'T1', user_id: '7', role: 'professional', profile_image: 'p.png', user_fname: 'nina', store_log_in: 'OFF', user_log_in: 'ON' });
    expect(localStorage.getItem('store_log_in')).toBe('OFF');
  });

  it('when a customer logs in, then /appointments opens (customers never land on the store list)', async () => {
    mockApi({ 'POST /api/login': { body: { user: aUser({ id: 8, role: 'customer', profile_image: null, fname: 'ana' }), access_token: 'C1' } } });
    await logIn('ana@mail.com');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/appointments'));
    expect(useSession.getState()).toMatchObject({ access_token: 'C1', role: 'customer' });
  });

  it('when the login is locked out (429 rateLimited), then the screen says when to try again, not that the password is wrong', async () => {
    const api = mockApi({ 'POST /api/login': { status: 429, body: { message: 'Too many attempts', code: 'rateLimited', retryAfter: 900 } } });
    await logIn('nina@salon.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Too many attempts\. Please try again in 15 minutes \(at \d{1,2}:\d{2} [AP]M\)\./);
    expect(alert).not.toHaveTextContent(MESSAGES.invalidLogin);
    expect(api.callsTo('POST /api/storeLogin')).toHaveLength(0);
    expect(useSession.getState().access_token).toBeNull();
  });

  it('when the user login fails, then a store login with the lowercased entry follows and opens the store calendar', async () => {
    const api = mockApi({
      'POST /api/login': { status: 401, body: { message: 'Unauthorized', code: 'unauthenticated' } },
      'POST /api/storeLogin': { body: { access_token: 'S1', store: { id: 2, permalink: 'nails-r-us', ownerId: 5 } } },
    });
    await logIn('NailsRUs');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/calendar/nails-r-us'));
    expect(api.callsTo('POST /api/storeLogin')[0].body).toEqual({ username: 'nailsrus', password: 'secret' });
    expect(useSession.getState()).toMatchObject({ access_token: 'S1', store_id: '2', store_permalink: 'nails-r-us', store_owner_id: '5', store_log_in: 'ON' });
  });

  it("when both logins fail, then 'Invalid email or password' is shown and nothing is stored", async () => {
    mockApi({
      'POST /api/login': { status: 401, body: { message: 'Unauthorized', code: 'unauthenticated' } },
      'POST /api/storeLogin': { status: 401, body: { message: 'Unauthorized', code: 'unauthenticated' } },
    });
    await logIn('who@ever.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidLogin);
    expect(useSession.getState().access_token).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("when the server says 'Not Verified', then the user is asked to click the verification link", async () => {
    mockApi({ 'POST /api/login': { status: 403, body: { message: 'Not Verified', code: 'notVerified' } } });
    await logIn('new@salon.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check your inbox and click the verification link before your first login',
    );
  });

  it("when 'Not Verified' shows, then its link sends the verification email again to the email typed and says so", async () => {
    const api = mockApi({
      'POST /api/login': { status: 403, body: { message: 'Not Verified', code: 'notVerified' } },
      'POST /api/resendVerification': { body: { success: true } },
    });
    await logIn('new@salon.com');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send the verification email again' }));
    expect(await screen.findByText(/We sent the verification email again/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/resendVerification')[0].body).toEqual({ email: 'new@salon.com' });
  });

  it('when the resend is over its limit, then it says when to try again', async () => {
    mockApi({
      'POST /api/login': { status: 403, body: { message: 'Not Verified', code: 'notVerified' } },
      'POST /api/resendVerification': { status: 429, body: { message: 'Too many requests.', code: 'rateLimited', retryAfter: 1800 } },
    });
    await logIn('new@salon.com');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send the verification email again' }));
    expect(await screen.findByText(/Too many verification emails asked for\. Please try again in 30 minutes/)).toBeInTheDocument();
  });

  it('when the password is wrong, then no resend link is offered', async () => {
    mockApi({
      'POST /api/login': { status: 401, body: { message: 'Unauthorized', code: 'unauthenticated' } },
      'POST /api/storeLogin': { status: 401, body: { message: 'Unauthorized', code: 'unauthenticated' } },
    });
    await logIn('who@ever.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidLogin);
    expect(screen.queryByRole('button', { name: 'Send the verification email again' })).not.toBeInTheDocument();
  });
});
