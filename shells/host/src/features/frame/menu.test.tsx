import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageNavigation, useSession, type SessionValues } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { anEmployee } from '@turnbook/web-kit/testing/fixtures';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { AppFrame } from './app-frame';
import { BottomBar } from './bottom-bar';
import { MainMenu } from './main-menu';

async function menuFor(session: Partial<SessionValues>, api: Parameters<typeof mockApi>[0] = {}) {
  useSession.getState().clearSession();
  useSession.getState().setSession(session);
  mockApi(api);
  renderWithProviders(<MainMenu />, { path: '/stores' });
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return () => [...nav.querySelectorAll('a, button')].map((e) => e.textContent);
}

describe('menu entries', () => {
  it('when a super admin is logged in without a store, then admin entries and Appointments show', async () => {
    const entries = await menuFor({ access_token: 't', user_id: '1', role: 'super admin', store_log_in: 'OFF' });
    expect(entries()).toEqual(['Admin Dashboard', 'Switch Store', 'Appointments', 'My Account', 'Log Out']);
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/user/1');
  });

  it('when the tablet is in kiosk mode (a kiosk token), then the menu has the sign-in only and no Log Out', async () => {
    const kiosk = `h.${btoa(JSON.stringify({ kind: 'kiosk', storeId: 2 }))}.s`;
    const entries = await menuFor({ access_token: kiosk, store_id: '2', store_permalink: 'nails-r-us', store_log_in: 'ON' });
    expect(entries()).toEqual(['Customer Sign In']);
  });

  it('when a super admin has a store chosen, then Turns Indicator shows too', async () => {
    const entries = await menuFor({ access_token: 't', user_id: '1', role: 'super admin', store_id: '2', store_owner_id: '5', store_log_in: 'OFF' });
    expect(entries()).toContain('Turns Indicator');
    expect(screen.getByRole('link', { name: 'Turns Indicator' })).toHaveAttribute('href', '/sign-in-sheets');
  });

  it('when the owner of the chosen store is logged in, then the store entries show', async () => {
    const entries = await menuFor({ access_token: 't', user_id: '5', role: 'professional', store_id: '2', store_owner_id: '5', store_permalink: 'nails-r-us', store_log_in: 'OFF' });
    expect(entries()).toEqual(['Customer Sign In', 'Switch Store', 'Store Details', 'Services', 'Staff', 'Customers', 'Reports', 'My Account', 'Subscription', 'Log Out']);
    expect(screen.getByRole('link', { name: 'Store Details' })).toHaveAttribute('href', '/store/nails-r-us');
  });

  it('when a staff member with the superadmin role is logged in, then Staff and Customers show', async () => {
    const entries = await menuFor(
      { access_token: 't', user_id: '8', role: 'professional', store_id: '2', store_owner_id: '5', store_log_in: 'OFF' },
      { 'GET /api/getStaffsByUserId/8/2': { body: { employees: [anEmployee({ role: 'superadmin' })] } } },
    );
    await waitFor(() => expect(entries()).toEqual(['Switch Store', 'Staff', 'Customers', 'My Account', 'Log Out']));
  });

  it('when the staff service is not available, then the staff member gets no staff-role entries', async () => {
    const entries = await menuFor({ access_token: 't', user_id: '8', role: 'professional', store_id: '2', store_owner_id: '5', store_log_in: 'OFF' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(entries()).toEqual(['Switch Store', 'My Account', 'Log Out']);
  });

  it('when the store login is on, then only Customer Sign In, Turns Indicator and Log Out show', async () => {
    const entries = await menuFor({ access_token: 't', store_id: '2', store_owner_id: '5', store_permalink: 'nails-r-us', store_log_in: 'ON', user_log_in: 'OFF' });
    expect(entries()).toEqual(['Customer Sign In', 'Turns Indicator', 'Log Out']);
  });

  it('when a customer is logged in, then Appointments and My Account show but not Switch Store', async () => {
    const entries = await menuFor({ access_token: 't', user_id: '9', role: 'customer', store_log_in: 'OFF' });
    expect(entries()).toEqual(['Appointments', 'My Account', 'Log Out']);
  });

  it('when Log Out is chosen, then the session is cleared except the new-update marker and / opens', async () => {
    const assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    await menuFor({ access_token: 't', user_id: '9', role: 'customer', store_log_in: 'OFF', new_update: '2.4.0' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('new_update')).toBe('2.4.0');
  });
});

describe('bottom bar', () => {
  it('when the tablet is in kiosk mode, then there is no calendar shortcut; the front desk keeps it', () => {
    useSession.getState().clearSession();
    useSession.getState().setSession({ access_token: `h.${btoa(JSON.stringify({ kind: 'kiosk' }))}.s`, store_permalink: 'nails-r-us' });
    const kiosk = renderWithProviders(<BottomBar />);
    expect(screen.queryByRole('link', { name: 'Calendar' })).toBeNull();
    kiosk.unmount();
    useSession.getState().setSession({ access_token: `h.${btoa(JSON.stringify({ kind: 'store' }))}.s` });
    renderWithProviders(<BottomBar />);
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar/nails-r-us');
  });

  it("when a store user is on the calendar, then the frame leaves the bottom to the calendar's own bar; elsewhere the shortcut shows", async () => {
    useSession.getState().clearSession();
    useSession.getState().setSession({ access_token: 't', user_id: '5', role: 'professional', store_id: '2', store_owner_id: '5', store_permalink: 'nails-r-us', store_log_in: 'OFF', user_fname: 'mai' });
    mockApi({});
    const calendar = renderWithProviders(<AppFrame>the calendar</AppFrame>, { path: '/calendar/nails-r-us' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('link', { name: 'Calendar' })).toBeNull();
    calendar.unmount();
    renderWithProviders(<AppFrame>the staff page</AppFrame>, { path: '/staffs' });
    expect(await screen.findByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calendar/nails-r-us');
  });

  it('when a customer is signed in, then the frame has no calendar shortcut (a customer has no store calendar)', async () => {
    useSession.getState().clearSession();
    useSession.getState().setSession({ access_token: 't', user_id: '9', role: 'customer', user_fname: 'olivia' });
    mockApi({});
    renderWithProviders(<AppFrame>the page</AppFrame>, { path: '/appointments' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /calendar/i })).toBeNull();
  });

  it('when the tablet holds a kiosk token, then no shell frame shows (no menu, header or Turns Indicator) and it goes to the kiosk app of its store', async () => {
    const replace = jest.spyOn(pageNavigation, 'replace').mockImplementation(() => undefined);
    useSession.getState().clearSession();
    useSession.getState().setSession({ access_token: `h.${btoa(JSON.stringify({ kind: 'kiosk', storeId: 2 }))}.s`, store_id: '2', store_permalink: 'nails-r-us', store_log_in: 'ON' });
    mockApi({});
    renderWithProviders(<AppFrame>the page</AppFrame>, { path: '/sign-in-sheets' });
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/kiosk/nails-r-us'));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByText('the page')).toBeNull();
    replace.mockRestore();
  });
});
