import { MESSAGES } from '@turnbook/contracts/errors/index';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { aStore } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import CreateStorePage from './create-store-page';

const next = () => screen.queryByRole('button', { name: 'Next' });
/** One paste per field: the wizard re-renders every page on each keystroke, which is slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const password = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

async function toPage6(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByRole('textbox', { name: 'Business name' }), 'Rose Nails');
  await user.click(next()!);
  await fill(user, await screen.findByRole('textbox', { name: 'Address 1' }), '12 Main St');
  await fill(user, screen.getByRole('textbox', { name: 'City' }), 'Austin');
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'DC');
  await fill(user, screen.getByRole('textbox', { name: 'Zip' }), '78701');
  await user.click(next()!);
  await fill(user, await screen.findByRole('textbox', { name: 'Business email' }), 'Hello@Rose.com');
  await fill(user, screen.getByRole('textbox', { name: 'Business phone' }), '5125550100');
  await user.click(next()!);
  await screen.findByText('When are you open?');
  await user.click(screen.getByRole('switch', { name: 'Monday open' }));
  await user.click(next()!);
  await screen.findByText('Your store sign-in account');
  await user.click(next()!);
  await screen.findByText('Create the store sign-in account');
}

beforeEach(() => useSession.getState().setSession({ access_token: 'T', user_id: '5', user_view: 'ON' }));
afterEach(() => useSession.getState().clearSession());

describe('Create Store wizard', () => {
  it('when the wizard opens, then it asks for the name and Next appears only once the name is typed', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage />, { path: '/stores/create' });
    expect(screen.getByText("What's the name of your business?")).toBeInTheDocument();
    expect(next()).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Rose');
    expect(next()).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Business name' }));
    expect(next()).not.toBeInTheDocument();
  });

  it('when a name is given, then it opens on page 2 and Next needs street, city, state and zip (Address 2 is optional)', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage initialName="Rose" />, { path: '/stores/create' });
    expect(screen.getByText('Where is your business?')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Address 1' }), '12 Main St');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await user.type(screen.getByRole('textbox', { name: 'Zip' }), '78701');
    expect(next()).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
    expect(next()).toBeInTheDocument();
    await user.click(next()!);
    expect(await screen.findByText('How can customers reach you?')).toBeInTheDocument();
    expect(next()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'Address 1' })).toHaveValue('12 Main St');
  });

  it('when the contact page showed its errors and valid values are typed, then each error clears at once', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage initialName="Rose" />, { path: '/stores/create' });
    await fill(user, screen.getByRole('textbox', { name: 'Address 1' }), '12 Main St');
    await fill(user, screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
    await fill(user, screen.getByRole('textbox', { name: 'Zip' }), '78701');
    await user.click(next()!);
    await fill(user, await screen.findByRole('textbox', { name: 'Business email' }), 'hello');
    await fill(user, screen.getByRole('textbox', { name: 'Business phone' }), '512555');
    await user.click(next()!);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a 10-digit phone number')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Business email' }), '@rose.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument());
    await fill(user, screen.getByRole('textbox', { name: 'Business phone' }), '0100');
    await waitFor(() => expect(screen.queryByText('Please enter a 10-digit phone number')).not.toBeInTheDocument());
    expect(screen.getByText('How can customers reach you?')).toBeInTheDocument();
  });

  it('when the state list opens, then it has the two-letter codes including DC', () => {
    mockApi({});
    renderWithProviders(<CreateStorePage initialName="Rose" />, { path: '/stores/create' });
    const options = Array.from((screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement).options).map((o) => o.value).filter(Boolean);
    expect(options).toHaveLength(51);
    expect(options).toContain('DC');
  });

  it('when the passwords differ, then the password-mismatch message shows and nothing is posted', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage />, { path: '/stores/create' });
    await toPage6(user);
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Store username' }), 'rose-desk');
    await fill(user, password('Password'), 'Desk-pass-1');
    await fill(user, password('Confirm password'), 'Desk-pass-2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(api.callsTo('POST /api/store')).toHaveLength(0);
  });

  it('when everything is filled, then POST store gets lower-cased texts, digits, hours and the time zone, and the user goes to /stores', async () => {
    const api = mockApi({ 'POST /api/store': { status: 201, body: { store: aStore({ id: 7, permalink: 'rose-nails' }) } } });
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage />, { path: '/stores/create' });
    await toPage6(user);
    await fill(user, screen.getByRole('textbox', { name: 'Store username' }), 'Rose-Desk');
    await fill(user, password('Password'), 'Desk-pass-1');
    await fill(user, password('Confirm password'), 'Desk-pass-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/stores'));
    expect(api.callsTo('POST /api/store')[0].body).toEqual({
      name: 'rose nails', street: '12 main st', address2: '', city: 'austin', state: 'DC', zip: '78701',
      email: 'hello@rose.com', phone: '5125550100',
      hours: { mon: '9:00 am-6:00 pm', tue: 'closed-closed', wed: 'closed-closed', thu: 'closed-closed', fri: 'closed-closed', sat: 'closed-closed', sun: 'closed-closed' },
      username: 'rose-desk', password: 'Desk-pass-1', password_confirmation: 'Desk-pass-1', timezone: 'America/New_York',
    });
  });

  it("when the owner ticks 'I also take appointments' on the first page, then POST store asks for the owner as staff", async () => {
    const api = mockApi({ 'POST /api/store': { status: 201, body: { store: aStore({ id: 7, permalink: 'rose-nails' }) } } });
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage />, { path: '/stores/create' });
    const solo = screen.getByRole('checkbox', { name: 'I also take appointments' });
    expect(solo).not.toBeChecked();
    await user.click(solo);
    await toPage6(user);
    await fill(user, screen.getByRole('textbox', { name: 'Store username' }), 'Rose-Desk');
    await fill(user, password('Password'), 'Desk-pass-1');
    await fill(user, password('Confirm password'), 'Desk-pass-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST /api/store')[0]?.body).toMatchObject({ name: 'rose nails', ownerTakesAppointments: true }));
  });

  it('when every day is left closed on the hours page, then a warning says no appointment can be booked; it goes once a day is open', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage />, { path: '/stores/create' });
    await fill(user, screen.getByRole('textbox', { name: 'Business name' }), 'Rose Nails');
    await user.click(next()!);
    await fill(user, await screen.findByRole('textbox', { name: 'Address 1' }), '12 Main St');
    await fill(user, screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
    await fill(user, screen.getByRole('textbox', { name: 'Zip' }), '78701');
    await user.click(next()!);
    await fill(user, await screen.findByRole('textbox', { name: 'Business email' }), 'hello@rose.com');
    await fill(user, screen.getByRole('textbox', { name: 'Business phone' }), '5125550100');
    await user.click(next()!);
    await screen.findByText('When are you open?');
    expect(screen.getByRole('status')).toHaveTextContent('Your store is closed all seven days, so no appointment can be booked');
    await user.click(screen.getByRole('switch', { name: 'Monday open' }));
    await waitFor(() => expect(screen.queryByText(/closed all seven days/)).not.toBeInTheDocument());
  });

  it('when the server answers 409 on the username, then the error shows on that field', async () => {
    mockApi({ 'POST /api/store': { status: 409, body: { message: 'This username already existed', code: 'conflict', field: 'username' } } });
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage />, { path: '/stores/create' });
    await toPage6(user);
    await fill(user, screen.getByRole('textbox', { name: 'Store username' }), 'taken');
    await fill(user, password('Password'), 'Desk-pass-1');
    await fill(user, password('Confirm password'), 'Desk-pass-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Store username' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('when the store password is short or a common one, then the form says so and nothing is posted', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<CreateStorePage />, { path: '/stores/create' });
    await toPage6(user);
    await fill(user, screen.getByRole('textbox', { name: 'Store username' }), 'rose-desk');
    await fill(user, password('Password'), '1234567890');
    await fill(user, password('Confirm password'), '1234567890');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.passwordTooCommon)).toBeInTheDocument();
    expect(api.callsTo('POST /api/store')).toHaveLength(0);
  }, 40_000);
});
