import { screen } from '@testing-library/react';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { kioskPermalink } from '../../standalone/kiosk-permalink';
import { KioskScreen } from './kiosk-screen';

const tokenWith = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

beforeEach(() => {
  mockApi({ 'GET /api/public_getStoreByPermalink/lotus': { body: { stores: [{ id: 4, name: 'lotus nail spa', timezone: 'America/New_York' }] } } });
});
afterEach(() => useSession.getState().clearSession());

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
});
