import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import App from './app';
import { addDays, bookingWindow, closedOn } from './features/booking-modal/booking-window';
import { STRIP_DAYS } from './features/booking-modal/use-day-strip';
import { STORE, ZONE } from './testing/lotus-store';

configure({ asyncUtilTimeout: 5000 });

const staff = (id: number, fname: string, online: 'ON' | 'OFF', url: string | null = null) =>
  ({ id, storeId: 1, fname, lname: 'li', nickname: '', url, profile_image: null, color: '#000', role: 'staff', online_booking: online, dayOff: '', sortIndex: id });
const service = (id: number, name: string, duration: number, price: number) =>
  ({ id, storeId: 1, name, duration, price, priceCents: Math.round(price * 100), color: 'f9f9fa', icon: '1', type: 'EXTERNAL', status: 'ON', sortIndex: id });
const today = bookingWindow(ZONE).min;
const publicCalls = {
  'GET /api/public_getStoreByPermalink/lotus-nail-spa': { body: { stores: [STORE] } },
  'GET /api/public_getStaffsByStoreId/1': { body: { employees: [staff(10001, 'mary ann', 'ON'), staff(10002, 'bo', 'OFF'), staff(10003, 'lily', 'ON', '/api/profile-pictures/lily.png')] } },
  'GET /api/public_getExternalServicesByStoreId/1': { body: { services: [service(3, 'gel manicure', 45, 35), service(4, 'pedicure', 60, 42.5)] } },
};
const days = Array.from({ length: STRIP_DAYS }, (_, i) => addDays(today, i));
/** The strip's answer: closed days none, the first open day full, the others 3 times. */
const fullDay = days.find((d) => !closedOn(STORE.hours, d))!;
const stripAnswer = { days: days.map((date) => ({ date, duration: 60, free: closedOn(STORE.hours, date) || date === fullDay ? 0 : 3 })) };
const long = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });

afterEach(() => {
  cleanup();
  useSession.getState().clearSession();
});

describe('the booking page as a storefront', () => {
  it('when a visitor lands, then the services show with their lengths and prices and the team with photos or initials, capitalised, before the hours', async () => {
    mockApi(publicCalls);
    renderWithProviders(<App />, { path: '/booking/lotus-nail-spa' });
    const menu = await screen.findByRole('region', { name: 'Services' });
    const items = await within(menu).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['gel manicure45 min · $35.00Book', 'pedicure60 min · $42.50Book']);
    const team = await screen.findByRole('region', { name: 'Our team' });
    // Bo does not take online requests; Mary Ann has no photo (initials), Lily has one
    expect(within(team).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['MAMary Ann', 'Lily']);
    expect(team.querySelector('img')?.getAttribute('src')).toBe('/api/profile-pictures/lily.png');
    // the menu comes before the week's hours
    const hours = screen.getByRole('heading', { name: 'Business hours' });
    expect(menu.compareDocumentPosition(hours) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('when a visitor taps Book on a service, then the booking opens with that service chosen and the strip marks which days have times', async () => {
    const api = mockApi({ ...publicCalls, [`GET /api/availabilityDays/1/${today}?serviceIds=4&days=${STRIP_DAYS}`]: { body: stripAnswer } });
    const u = userEvent.setup();
    renderWithProviders(<App />, { path: '/booking/lotus-nail-spa' });
    await u.click(await screen.findByRole('button', { name: 'Book pedicure, 60 min, $42.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' });
    expect(within(dialog).getByRole('checkbox', { name: 'pedicure · 60 min · $42.50' }).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('checkbox', { name: 'gel manicure · 45 min · $35.00' }).getAttribute('aria-checked')).toBe('false');
    // staff as cards, not a dropdown
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(within(dialog).getByRole('radiogroup', { name: 'Staff' })).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['Anyone', 'Mary Ann', 'Lily']);
    // one call for the whole strip
    const strip = within(dialog).getByRole('radiogroup', { name: 'Day' });
    const sunday = days.find((d) => closedOn(STORE.hours, d))!;
    const open = days.find((d) => d !== fullDay && !closedOn(STORE.hours, d))!;
    expect(await within(strip).findByRole('radio', { name: `${long(open)}: 3 times` })).toBeTruthy();
    expect(within(strip).getByRole('radio', { name: `${long(fullDay)}: Full` })).toBeTruthy();
    expect(within(strip).getByRole('radio', { name: `${long(sunday)}: Closed` })).toBeTruthy();
    expect(within(strip).getAllByRole('radio')).toHaveLength(STRIP_DAYS);
    expect(api.calls.filter((c) => c.url.startsWith('/api/availability'))).toHaveLength(1);
    // a day of the strip is the date searched
    await u.click(within(strip).getByRole('radio', { name: `${long(open)}: 3 times` }));
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe(open);
  });

  it('when the times come, then they are grouped under Morning, Afternoon and Evening in one radio group', async () => {
    const slots = [['10:00 am', 600], ['11:30 am', 690], ['01:00 pm', 780], ['05:15 pm', 1035]].map(([start, startMin]) => ({ start, startMin, free: true, staffId: 10001 }));
    mockApi({ ...publicCalls, [`GET /api/availability/1/${today}?serviceIds=3`]: { body: { date: today, duration: 45, slots } } });
    const u = userEvent.setup();
    renderWithProviders(<App />, { path: '/booking/lotus-nail-spa' });
    await u.click(await screen.findByRole('button', { name: 'Book gel manicure, 45 min, $35.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book an appointment' });
    await u.click(within(dialog).getByRole('button', { name: 'Search' }));
    const group = await screen.findByRole('radiogroup', { name: /Available times on/ });
    const parts = within(group).getAllByRole('group').map((g) => [g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent, within(g).getAllByRole('radio').map((r) => (r as HTMLInputElement).value)]);
    expect(parts).toEqual([
      ['Morning', ['10:00 am', '11:30 am']],
      ['Afternoon', ['01:00 pm']],
      ['Evening', ['05:15 pm']],
    ]);
  });
});
