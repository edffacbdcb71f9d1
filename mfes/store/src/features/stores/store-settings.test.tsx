import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import StoreSettingsPage from './store-settings-page';

const store = {
  id: 4, name: 'lotus nail spa', street: '1 main st', address2: '', city: 'austin', state: 'TX', zip: '78701', email: 'a@b.co',
  phone: '5125550100', permalink: 'lotus-nail-spa-2', username: 'lotus', ownerId: 7, status: 'ON', timezone: 'America/Chicago',
  hours: { mon: '9:00 am-6:00 pm', tue: 'closed-closed', wed: 'closed-closed', thu: 'closed-closed', fri: 'closed-closed', sat: 'closed-closed', sun: 'closed-closed' },
  settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false }, created_at: '2026-01-01', updated_at: '2026-01-01',
};
const settingsAt = () => (
  <Routes>
    <Route path="stores/edit/:permalink" element={<StoreSettingsPage />} />
    <Route path="*" element={null} />
  </Routes>
);
const table = () => ({
  'GET /api/getStoreByPermalink/lotus-nail-spa-2': { body: { stores: [store] } },
  'PATCH /api/store/4': { body: { store } },
  'GET /api/smsSettings/4': { body: { settings: { senderNumber: null, upNextText: true, reminderHour: null, requestEmails: true } } },
  'GET /api/public_getCardPolicy/4': { body: { policy: 'groups', noShowFee: 0 } },
});

beforeEach(() => useSession.getState().setSession({ access_token: 'T', user_id: '7', role: 'professional', store_id: '4', store_owner_id: '7', store_permalink: 'lotus-nail-spa-2' }));
afterEach(() => useSession.getState().clearSession());

describe('store settings', () => {
  it('when the owner renames the store and saves, then the permalink is not sent and the booking link stays', async () => {
    const api = mockApi(table());
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/stores/edit/lotus-nail-spa-2' });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.paste('Lotus Spa Downtown');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByText('The store settings were saved.');
    const body = api.callsTo('PATCH /api/store/4')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'lotus spa downtown' });
    expect(body).not.toHaveProperty('permalink');
    expect(useSession.getState().store_permalink).toBe('lotus-nail-spa-2');
  });

  it('when the owner changes the booking link on purpose, then only the new permalink is sent after a confirmation', async () => {
    const api = mockApi(table());
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/stores/edit/lotus-nail-spa-2' });
    expect(await screen.findByText('/booking/lotus-nail-spa-2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change link' }));
    const link = screen.getByRole('textbox', { name: 'New link' });
    expect(link).toHaveValue('lotus-nail-spa');
    await user.clear(link);
    await user.paste('lotus-downtown');
    await user.click(screen.getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText('Do you want to change the booking link? Old links keep working.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/store/4')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByText(/The booking link is now \/booking\/lotus-downtown/);
    expect(api.callsTo('PATCH /api/store/4')[0].body).toEqual({ permalink: 'lotus-downtown' });
    await waitFor(() => expect(useSession.getState().store_permalink).toBe('lotus-downtown'));
  });

  it("when the link's or the PIN's message shows and a valid value is typed, then the message goes at once", async () => {
    mockApi(table());
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/stores/edit/lotus-nail-spa-2' });
    expect(await screen.findByText('/booking/lotus-nail-spa-2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change link' }));
    const link = screen.getByRole('textbox', { name: 'New link' });
    await user.clear(link);
    await user.click(screen.getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText('Please enter a link')).toBeInTheDocument();
    await user.click(link);
    await user.paste('lotus-downtown');
    expect(screen.queryByText('Please enter a link')).not.toBeInTheDocument();

    const pin = screen.getByLabelText('New kiosk PIN');
    const again = screen.getByLabelText('Confirm kiosk PIN');
    await user.click(pin);
    await user.paste('12');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('The PIN must be 4 to 8 digits')).toBeInTheDocument();
    await user.click(pin);
    await user.paste('34');
    await user.click(again);
    await user.paste('1234');
    expect(screen.queryByText('The PIN must be 4 to 8 digits')).not.toBeInTheDocument();
    expect(screen.queryByText("PIN didn't match")).not.toBeInTheDocument();
  });

  it('when a staff member (not the owner) opens the settings, then there is no Change link', async () => {
    useSession.getState().setSession({ user_id: '9', store_owner_id: '7' });
    mockApi(table());
    renderWithProviders(settingsAt(), { path: '/stores/edit/lotus-nail-spa-2' });
    expect(await screen.findByText('/booking/lotus-nail-spa-2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save PIN' })).not.toBeInTheDocument();
  });

  it('when the owner sets the kiosk PIN, then only the PIN is sent, and a mismatch or a short PIN is caught before sending', async () => {
    const api = mockApi(table());
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/stores/edit/lotus-nail-spa-2' });
    const pin = await screen.findByLabelText('New kiosk PIN');
    const again = screen.getByLabelText('Confirm kiosk PIN');
    await user.click(pin);
    await user.paste('12');
    await user.click(again);
    await user.paste('12');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('The PIN must be 4 to 8 digits')).toBeInTheDocument();
    await user.clear(pin);
    await user.click(pin);
    await user.paste('2468');
    await user.clear(again);
    await user.click(again);
    await user.paste('2469');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText("PIN didn't match")).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/store/4')).toHaveLength(0);
    await user.clear(again);
    await user.click(again);
    await user.paste('2468');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('The kiosk PIN was saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/store/4')[0].body).toEqual({ PIN: '2468' });
  });

  it("when the owner sets the texting number, turns off \"you're up next\" and the store's request emails and picks a reminder hour, then messaging's settings get them; a number another store uses shows its reason on the field", async () => {
    let taken = true;
    const api = mockApi({
      ...table(),
      'PUT /api/smsSettings/4': (body) =>
        taken
          ? ((taken = false), { status: 409, body: { code: 'conflict', field: 'senderNumber', message: 'senderNumber: another store already sends from this number' } })
          : { body: { settings: { ...(body as object), senderNumber: '+15125550199' } } },
    });
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/stores/edit/lotus-nail-spa-2' });
    const number = await screen.findByRole('textbox', { name: /^Sending number/ }, { timeout: 15000 });
    await user.click(number);
    await user.paste('(512) 555-0199');
    await user.click(screen.getByRole('switch', { name: /you're up next/ }));
    // issue 30: the store's emails about online requests, on by default, turned off here
    expect(screen.getByRole('switch', { name: /Email the store about online requests/ })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Email the store about online requests/ }));
    // Mantine's Select: the input that opens the listbox.
    await user.click(screen.getAllByLabelText(/^Reminders the day before/).find((e) => e.tagName === 'INPUT' && e.getAttribute('aria-haspopup') === 'listbox')!);
    await user.click(await screen.findByRole('option', { name: '6:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Save text settings' }));
    expect(await screen.findByText('senderNumber: another store already sends from this number')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save text settings' }));
    expect(await screen.findByText('The text settings were saved.')).toBeInTheDocument();
    expect(number).toHaveValue('+15125550199');
    expect(api.callsTo('PUT /api/smsSettings/4').map((c) => c.body)).toEqual([
      { senderNumber: '(512) 555-0199', upNextText: false, reminderHour: 18, requestEmails: false },
      { senderNumber: '(512) 555-0199', upNextText: false, reminderHour: 18, requestEmails: false },
    ]);
  });

  it('when the owner asks every online request for a card and sets a $25.50 no-show fee, then billing gets the policy and the fee in cents; a fee billing refuses shows its reason', async () => {
    let refused = true;
    const api = mockApi({
      ...table(),
      'PUT /api/cardPolicy/4': (body) =>
        refused ? ((refused = false), { status: 400, body: { code: 'validation', field: 'noShowFee', message: 'noShowFee: must be at most 50000 cents' } }) : { body: body as object },
    });
    const user = userEvent.setup();
    renderWithProviders(settingsAt(), { path: '/stores/edit/lotus-nail-spa-2' });
    await user.click(await screen.findByRole('radio', { name: /Every online request/ }, { timeout: 15000 }));
    const fee = screen.getByRole('textbox', { name: /No-show fee/ });
    await user.clear(fee);
    await user.type(fee, '25.50');
    await user.click(screen.getByRole('button', { name: 'Save card policy' }));
    expect(await screen.findByText('noShowFee: must be at most 50000 cents')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save card policy' }));
    expect(await screen.findByText('The card policy was saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/cardPolicy/4').map((c) => c.body)).toEqual([
      { policy: 'all', noShowFee: 2550 },
      { policy: 'all', noShowFee: 2550 },
    ]);
  });

  it('when a staff member opens the settings, then the text settings are not shown', async () => {
    useSession.getState().setSession({ user_id: '8', store_owner_id: '7' });
    const api = mockApi(table());
    renderWithProviders(settingsAt(), { path: '/stores/edit/lotus-nail-spa-2' });
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByText('Text messages')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/smsSettings/4')).toHaveLength(0);
    expect(screen.queryByText('Cards on file and no-shows')).not.toBeInTheDocument();
  });
});
