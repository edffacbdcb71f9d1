import { ComboboxChevron, Input } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession, type SessionValues } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { aStore } from '@turnbook/web-kit/testing/fixtures';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { lazy, Suspense, type ReactElement } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { SELECT_CLASSES } from './location-select';
import { LocationSwitcher, samePageAt } from './location-switcher';
import { MainMenu } from './main-menu';

const downtown = aStore({ id: 2, name: 'downtown nails', permalink: 'downtown-nails', ownerId: 5 });
const uptown = aStore({ id: 3, name: 'uptown nails', permalink: 'uptown-nails', ownerId: 5 });
const owner: Partial<SessionValues> = { access_token: 't', user_id: '5', role: 'professional', store_id: '2', store_owner_id: '5', store_permalink: 'downtown-nails', store_log_in: 'OFF' };

function given(session: Partial<SessionValues>, stores = [downtown, uptown]) {
  useSession.getState().clearSession();
  useSession.getState().setSession(session);
  mockApi({ [`GET /api/getFranchiseLocations/${session.user_id}`]: { body: { stores } }, 'GET /api/getStaffsByUserId/5/3': { body: { employees: [] } } });
}

function start(session: Partial<SessionValues>, stores = [downtown, uptown], path = '/calendar/downtown-nails') {
  given(session, stores);
  renderWithProviders(<LocationSwitcher />, { path });
}

describe('the location switcher', () => {
  it("when an owner of two locations is on one's calendar, then choosing the other opens its calendar with it chosen", async () => {
    start(owner);
    const select = await screen.findByRole('combobox', { name: 'Location' });
    expect(select).toHaveValue('2');
    await userEvent.selectOptions(select, 'Uptown Nails');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/calendar/uptown-nails'));
    expect(useSession.getState()).toMatchObject({ store_id: '3', store_permalink: 'uptown-nails', store_owner_id: '5' });
  });

  it('when switching on a store screen about one record, then the same screen of the other location opens at its list', async () => {
    start(owner, [downtown, uptown], '/customer/12');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Location' }), 'Uptown Nails');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/customers$/));
    expect(samePageAt('/store/downtown-nails', 'uptown-nails')).toBe('/store/uptown-nails');
    expect(samePageAt('/reports', 'uptown-nails')).toBe('/reports');
  });

  it('when a location is chosen while the calendar clicked on /stores is still loading, then the other location\'s calendar opens, not /stores', async () => {
    given(owner);
    // The calendar's module takes its time: the router keeps /stores drawn meanwhile (a transition).
    let loaded: (m: { default: () => ReactElement }) => void = () => {};
    const Calendar = lazy(() => new Promise<{ default: () => ReactElement }>((r) => { loaded = r; }));
    renderWithProviders(
      <>
        <LocationSwitcher />
        <Link to="/calendar/downtown-nails">Downtown Nails</Link>
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route path="/stores" element={<p>my stores</p>} />
            <Route path="/calendar/:permalink" element={<Calendar />} />
          </Routes>
        </Suspense>
      </>,
      { path: '/stores' },
    );
    const select = await screen.findByRole('combobox', { name: 'Location' });
    await userEvent.click(screen.getByRole('link', { name: 'Downtown Nails' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/stores');
    await userEvent.selectOptions(select, 'Uptown Nails');
    await act(async () => loaded({ default: () => <p>calendar</p> }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/calendar/uptown-nails'));
    expect(useSession.getState().store_id).toBe('3');
  });

  it("is drawn with the class names of Mantine's NativeSelect, so it looks as one (a Mantine update that renames them fails here)", async () => {
    start(owner);
    const select = await screen.findByRole('combobox', { name: 'Location' });
    const { root, wrapper, input, section } = Input.classes;
    expect(SELECT_CLASSES).toEqual({ root, wrapper, input, section, chevron: ComboboxChevron.classes.chevron });
    expect(select).toHaveClass(input);
    expect(select.closest(`.${root}`)).not.toBeNull();
    expect(select.parentElement?.querySelector(`.${section} svg.${ComboboxChevron.classes.chevron}`)).not.toBeNull();
  });

  it('when the user has one location, then there is no switcher', async () => {
    start(owner, [downtown]);
    await waitFor(() => expect(useSession.getState().user_id).toBe('5'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
  });
});

describe('the menu of a franchise manager', () => {
  it("when a manager chose a store the owner granted them, then Reports and Franchise Report show (an admin's entries there)", async () => {
    useSession.getState().clearSession();
    useSession.getState().setSession({ access_token: 't', user_id: '8', role: 'professional', store_id: '3', store_owner_id: '5', store_permalink: 'uptown-nails', store_log_in: 'OFF' });
    mockApi({ 'GET /api/getFranchiseLocations/8': { body: { stores: [uptown, aStore({ id: 4, name: 'own place', permalink: 'own-place', ownerId: 8 })] } } });
    renderWithProviders(<MainMenu />, { path: '/calendar/uptown-nails' });
    expect(await screen.findByRole('link', { name: 'Franchise Report' })).toHaveAttribute('href', '/franchise-report');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
  });
});
