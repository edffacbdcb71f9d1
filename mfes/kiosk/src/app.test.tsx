import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/index';
import { pageNavigation, useSession } from '@turnbook/web-kit';
import { aPublicStore } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import App from './app';

/** An unsigned token with these claims: screens only read them (the server verifies). */
const tokenWith = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
const KIOSK = tokenWith({ kind: 'kiosk', storeId: 4 });
const DESK = tokenWith({ kind: 'store', storeId: 4 });
const STORE = { 'GET /api/public_getStoreByPermalink/lotus': { body: { stores: [aPublicStore({ id: 4, name: 'Lotus Nail Spa', permalink: 'lotus', timezone: 'America/New_York' })] } } };

afterEach(() => {
  useSession.getState().clearSession();
  jest.restoreAllMocks();
});

describe('the kiosk module', () => {
  it("when the front desk opens the kiosk, then it shows the sign-in wizard, and the hand-over to kiosk mode asks for the store login, replaces the desk token and goes to the kiosk's own app", async () => {
    const replace = jest.spyOn(pageNavigation, 'replace').mockImplementation(() => undefined);
    useSession.getState().setSession({ access_token: DESK, store_id: '4', store_permalink: 'lotus', store_log_in: 'ON' });
    const api = mockApi({
      ...STORE,
      'POST /api/storeLogin': { body: { access_token: KIOSK, store: { id: 4, permalink: 'lotus', ownerId: 7 } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<App />, { path: '/customer-sign-in-sheet' });
    await screen.findByRole('heading', { name: 'Do you have an appointment?' });
    expect(screen.queryByRole('button', { name: 'Exit kiosk mode' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start kiosk mode' }));
    await user.type(screen.getByRole('textbox', { name: 'Store username' }), 'Lotus');
    await user.type(screen.getByLabelText('Store password'), 'store-password-1');
    await user.click(screen.getByRole('button', { name: 'Start kiosk mode' }));
    // the shell's kiosk mode is the standalone app, with no shell frame around it (issue 30 item 13)
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/kiosk/lotus'));
    expect(api.callsTo('POST /api/storeLogin')[0].body).toEqual({ username: 'lotus', password: 'store-password-1', mode: 'kiosk' });
    expect(useSession.getState().access_token).toBe(KIOSK);
  });

  it('when nobody is signed in on the tablet, then it asks for the store login before the wizard shows', async () => {
    renderWithProviders(<App />, { path: '/customer-sign-in-sheet' });
    expect(screen.getByRole('heading', { name: 'Start kiosk mode' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Do you have an appointment?' })).toBeNull();
  });

  it('when someone leaves kiosk mode with a wrong PIN, then they stay in it and are told so', async () => {
    useSession.getState().setSession({ access_token: KIOSK, store_id: '4', store_log_in: 'ON' });
    mockApi({ 'POST /api/verifyStorePIN': { status: 403, body: { message: SCHEDULING_MESSAGES.storePinWrong, code: 'storePinWrong', field: 'PIN' } } });
    const assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<App />, { path: '/customer-sign-in-sheet' });
    await user.click(screen.getByRole('button', { name: 'Exit kiosk mode' }));
    await user.type(await screen.findByLabelText('Store PIN'), '0000');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULING_MESSAGES.storePinWrong);
    expect(assign).not.toHaveBeenCalled();
    expect(useSession.getState().access_token).toBe(KIOSK);
  });

  it('when the right PIN is given, then the server checks it, the kiosk is signed out and the login page opens', async () => {
    useSession.getState().setSession({ access_token: KIOSK, store_id: '4', store_log_in: 'ON' });
    const api = mockApi({ 'POST /api/verifyStorePIN': { body: { success: true } } });
    const assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<App />, { path: '/customer-sign-in-sheet' });
    await user.click(screen.getByRole('button', { name: 'Exit kiosk mode' }));
    await user.type(await screen.findByLabelText('Store PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(api.callsTo('POST /api/verifyStorePIN')[0].body).toEqual({ storeId: 4, PIN: '2468' });
    expect(useSession.getState().access_token).toBeNull();
  });

  it('when PINs were guessed too often, then the wait is shown', async () => {
    useSession.getState().setSession({ access_token: KIOSK, store_id: '4', store_log_in: 'ON' });
    mockApi({ 'POST /api/verifyStorePIN': { status: 429, body: { message: SCHEDULING_MESSAGES.storePinThrottled, code: 'rateLimited', retryAfter: 600 } } });
    const user = userEvent.setup();
    renderWithProviders(<App />, { path: '/customer-sign-in-sheet' });
    await user.click(screen.getByRole('button', { name: 'Exit kiosk mode' }));
    await user.type(await screen.findByLabelText('Store PIN'), '1111');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${SCHEDULING_MESSAGES.storePinThrottled} (in about 10 minutes)`);
  });
});
