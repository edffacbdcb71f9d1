import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageNavigation, useSession } from '@turnbook/web-kit';
import { aPublicStore, aUser } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { kioskPermalink } from '../../standalone/kiosk-permalink';
import { KioskScreen } from './kiosk-screen';
import { OWNER_ONLY_WITHOUT_PIN } from './exit-pin-form';
import { OTHER_STORE_LOGIN } from './start-kiosk-mode';

const tokenWith = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

const LOTUS = { 'GET /api/public_getStoreByPermalink/lotus': { body: { stores: [aPublicStore({ id: 4, name: 'lotus nail spa', permalink: 'lotus', timezone: 'America/New_York' })] } } };
beforeEach(() => {
  mockApi(LOTUS);
});
afterEach(() => {
  jest.restoreAllMocks();
  useSession.getState().clearSession();
});

async function startKioskMode(username: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Store username'), username);
  await user.type(screen.getByLabelText('Store password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Start kiosk mode' }));
}

describe("the tablet's own app", () => {
  it('when the address is /kiosk/{permalink}, then the permalink is read from it', () => {
    expect(kioskPermalink('/kiosk/Lotus-Nail-Spa')).toBe('lotus-nail-spa');
    expect(kioskPermalink('/kiosk/caf%C3%A9-nails/')).toBe('café-nails');
    expect(kioskPermalink('/kiosk/')).toBe('');
  });

  it("when the tablet holds the front desk's token, then the app asks for kiosk mode instead of running the wizard", () => {
    useSession.getState().setSession({ access_token: tokenWith({ kind: 'store', storeId: 4 }), store_id: '4', store_permalink: 'lotus' });
    renderWithProviders(<KioskScreen permalink="lotus" requireKiosk />);
    expect(screen.getByRole('heading', { name: 'Start kiosk mode' })).toBeInTheDocument();
  });

  it("when the tablet is the kiosk of another store, then the app asks for this store's login", () => {
    useSession.getState().setSession({ access_token: tokenWith({ kind: 'kiosk', storeId: 9 }), store_id: '9', store_permalink: 'rose' });
    renderWithProviders(<KioskScreen permalink="lotus" requireKiosk />);
    expect(screen.getByRole('heading', { name: 'Start kiosk mode' })).toBeInTheDocument();
  });

  it("when the tablet is this store's kiosk, then the wizard greets customers and leaving asks for the PIN", async () => {
    useSession.getState().setSession({ access_token: tokenWith({ kind: 'kiosk', storeId: 4 }), store_id: '4', store_permalink: 'lotus' });
    renderWithProviders(<KioskScreen permalink="lotus" requireKiosk />);
    expect(await screen.findByRole('heading', { name: 'Do you have an appointment?' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to Lotus Nail Spa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit kiosk mode' })).toBeInTheDocument();
  });

  it("when the kiosk page is signed in with another store's login, then it is refused with a message and the other store's token is dropped", async () => {
    const rose = tokenWith({ kind: 'kiosk', storeId: 9 });
    const api = mockApi({
      ...LOTUS,
      'POST /api/storeLogin': { body: { access_token: rose, store: { id: 9, permalink: 'rose', ownerId: 3 } } },
      'POST /api/auth/logout': { body: { success: true } },
    });
    renderWithProviders(<KioskScreen permalink="lotus" requireKiosk />);
    await startKioskMode('rose');
    expect(await screen.findByRole('alert')).toHaveTextContent(OTHER_STORE_LOGIN);
    expect(useSession.getState().access_token).toBeNull();
    expect(screen.getByRole('heading', { name: 'Start kiosk mode' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1));
  });

  it("when this store's login starts kiosk mode on its kiosk page, then the wizard runs", async () => {
    mockApi({ ...LOTUS, 'POST /api/storeLogin': { body: { access_token: tokenWith({ kind: 'kiosk', storeId: 4 }), store: { id: 4, permalink: 'lotus', ownerId: 3 } } } });
    renderWithProviders(<KioskScreen permalink="lotus" requireKiosk />);
    await startKioskMode('lotus');
    expect(await screen.findByRole('heading', { name: 'Do you have an appointment?' })).toBeInTheDocument();
  });
});

describe('kiosk mode inside the shell (/customer-sign-in-sheet)', () => {
  it("when the front desk starts kiosk mode, then the tablet goes to the kiosk's own app (/kiosk/{permalink}), not a wizard inside the shell's frame", async () => {
    const replace = jest.spyOn(pageNavigation, 'replace').mockImplementation(() => undefined);
    mockApi({ ...LOTUS, 'POST /api/storeLogin': { body: { access_token: tokenWith({ kind: 'kiosk', storeId: 4 }), store: { id: 4, permalink: 'lotus', ownerId: 3 } } } });
    useSession.getState().setSession({ access_token: tokenWith({ kind: 'store', storeId: 4 }), store_id: '4', store_permalink: 'lotus' });
    renderWithProviders(<KioskScreen />, { path: '/customer-sign-in-sheet' });
    expect(await screen.findByRole('heading', { name: 'Do you have an appointment?' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start kiosk mode' }));
    await startKioskMode('lotus');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/kiosk/lotus'));
    expect(screen.queryByRole('heading', { name: 'Do you have an appointment?' })).toBeNull();
  });

  it('when the shell page opens with a kiosk token (a reload, Back), then it goes to the kiosk app at once', () => {
    const replace = jest.spyOn(pageNavigation, 'replace').mockImplementation(() => undefined);
    useSession.getState().setSession({ access_token: tokenWith({ kind: 'kiosk', storeId: 4 }), store_id: '4', store_permalink: 'lotus' });
    renderWithProviders(<KioskScreen />, { path: '/customer-sign-in-sheet' });
    expect(replace).toHaveBeenCalledWith('/kiosk/lotus');
  });
});

describe('leaving kiosk mode in a store with no PIN yet', () => {
  const noPinStore = (login: { id: number }) =>
    mockApi({
      ...LOTUS,
      'POST /api/verifyStorePIN': { status: 409, body: { code: 'storePinNotSet', message: "This store has no PIN yet: the owner sets it in the store's settings" } },
      'POST /api/login': { body: { user: aUser({ id: login.id, profile_image: null, role: 'professional' }), access_token: 'owner-token' } },
      'POST /api/auth/logout': { body: { success: true } },
    });
  async function exitWithOwnerSignIn(email: string) {
    const user = userEvent.setup();
    useSession.getState().setSession({ access_token: tokenWith({ kind: 'kiosk', storeId: 4 }), store_id: '4', store_permalink: 'lotus', store_owner_id: '3' });
    renderWithProviders(<KioskScreen permalink="lotus" requireKiosk />);
    await user.click(await screen.findByRole('button', { name: 'Exit kiosk mode' }));
    await user.type(await screen.findByLabelText('Store PIN'), '1234');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByText(/This store has no PIN yet. The store's owner can leave kiosk mode by signing in/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Owner's email"), email);
    await user.type(screen.getByLabelText("Owner's password"), 'owner-pass-1');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
  }

  it("when the store has no PIN, then the owner's sign-in leaves kiosk mode (the tablet is never stuck)", async () => {
    const assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    noPinStore({ id: 3 });
    await exitWithOwnerSignIn('owner@example.com');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(useSession.getState().access_token).toBeNull();
  });

  it("when someone else signs in to leave a kiosk with no PIN, then it is refused, their session is ended and the tablet stays in kiosk mode", async () => {
    const assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const api = noPinStore({ id: 77 });
    await exitWithOwnerSignIn('customer@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(OWNER_ONLY_WITHOUT_PIN);
    expect(assign).not.toHaveBeenCalled();
    expect(useSession.getState().store_id).toBe('4');
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });
});
