import { MESSAGES } from '@turnbook/contracts/errors/index';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@turnbook/web-kit';
import { aUser } from '@turnbook/web-kit/testing/fixtures';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { Route, Routes } from 'react-router-dom';
import AccountEditPage from './account-edit-page';
import { CURRENT_PASSWORD_FOR_EMAIL } from './edit/account-schema';
import AccountPage from './account-page';
import AccountPasswordPage from './account-password-page';

const password = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });
const at = (path: string, el: React.ReactElement) => (
  <Routes>
    <Route path={path} element={el} />
    <Route path="*" element={null} />
  </Routes>
);

beforeEach(() => useSession.getState().setSession({ access_token: 'T', user_id: '5' }));
afterEach(() => useSession.getState().clearSession());

describe('Update Password', () => {
  it('when the fields are empty, then all three are required and nothing is posted', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(at('users/security/:id', <AccountPasswordPage />), { path: '/users/security/5' });
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the new password')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('when the new passwords differ, then the password-mismatch message shows and nothing is posted', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(at('users/security/:id', <AccountPasswordPage />), { path: '/users/security/5' });
    await user.type(password('Current password'), 'Old-pass-1');
    await user.type(password('New password'), 'New-pass-1');
    await user.type(password('Confirm new password'), 'New-pass-2');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("when the change succeeds, then 'Success.' with a link back to the account; a failure shows not successful", async () => {
    let ok = false;
    const api = mockApi({ 'POST /api/userResetPassword': () => (ok ? { body: { success: true } } : { status: 400, body: { success: false, message: 'currentPassword: The current password is wrong', code: 'validation', field: 'currentPassword' } }) });
    const user = userEvent.setup();
    renderWithProviders(at('users/security/:id', <AccountPasswordPage />), { path: '/users/security/5' });
    await user.type(password('Current password'), 'Old-pass-1');
    await user.type(password('New password'), 'New-pass-1');
    await user.type(password('Confirm new password'), 'New-pass-1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Not successful')).toBeInTheDocument();
    ok = true;
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Success.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute('href', '/user/5');
    expect(api.callsTo('POST /api/userResetPassword')[1].body).toEqual({ id: 5, currentPassword: 'Old-pass-1', newPassword: 'New-pass-1' });
  });
});

describe('Account Settings', () => {
  it("when Save is confirmed, then PATCH user/{id} gets lower-cased names and digits, and 'Updated!' follows after a second", async () => {
    const api = mockApi({
      'GET /api/user/5': { body: { user: aUser({ id: 5, fname: 'pat', lname: 'lee', email: 'pat@x.com', phone: '2155550177', role: 'professional', profile_image: null, color: '#00bcd4' }) } },
      'PATCH /api/user/5': { body: { user: aUser({ id: 5 }) } },
    });
    const user = userEvent.setup();
    renderWithProviders(at('users/edit/:id', <AccountEditPage />), { path: '/users/edit/5' });
    const fname = await screen.findByRole('textbox', { name: 'First name' });
    await user.clear(fname);
    await user.type(fname, 'Patricia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Do you want to update this user?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/user/5')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/user/5')[0].body).toEqual({ fname: 'patricia', lname: 'lee', email: 'pat@x.com', phone: '2155550177', color: '#00bcd4' });
    expect(await screen.findByText('Updated!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/user/5');
  });

  it('when the email field is changed, then the current password is asked for before anything is sent, and the PATCH carries it; the answer says a link went to the new address', async () => {
    const api = mockApi({
      'GET /api/user/5': { body: { user: aUser({ id: 5, fname: 'pat', lname: 'lee', email: 'pat@x.com', phone: '2155550177', role: 'professional', profile_image: null, color: '#00bcd4' }) } },
      'PATCH /api/user/5': { body: { user: aUser({ id: 5 }), emailChangePending: true, message: 'sent' } },
    });
    const user = userEvent.setup();
    renderWithProviders(at('users/edit/:id', <AccountEditPage />), { path: '/users/edit/5' });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    await user.clear(email);
    await user.type(email, 'Pat.New@X.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CURRENT_PASSWORD_FOR_EMAIL)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/user/5')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'my old password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/user/5')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/user/5')[0].body).toMatchObject({ email: 'pat.new@x.com', currentPassword: 'my old password' });
    expect(await screen.findByText(new RegExp(MESSAGES.emailChangePending.slice(0, 30)), {}, { timeout: 3000 })).toBeInTheDocument();
  });
});

describe('My Account: phone verification', () => {
  const pat = (phoneVerified: boolean) => ({ id: 5, fname: 'pat', lname: 'lee', email: 'pat@x.com', phone: '2155550177', role: 'customer', profile_image: null, app_version: null, color: '#00bcd4', phoneVerified });

  it('when the phone is not verified, then a texted code verifies it and the new token (carrying the phone) replaces the session one', async () => {
    let verified = false;
    const api = mockApi({
      'GET /api/user/5': () => ({ body: { user: pat(verified) } }),
      'POST /api/user/5/phone-code': { body: { sent: true, expiresInSeconds: 600 } },
      'POST /api/user/5/phone-verification': () => {
        verified = true;
        return { body: { user: pat(true), access_token: 'T2' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(at('user/:id', <AccountPage />), { path: '/user/5' });
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText(/Enter the code we texted to \(215\) 555-0177/)).toBeInTheDocument();
    await user.keyboard('123456');
    await waitFor(() => expect(api.callsTo('POST /api/user/5/phone-verification')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/5/phone-verification')[0].body).toEqual({ code: '123456' });
    expect(useSession.getState().access_token).toBe('T2');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
  });

  it.each([
    ['an owner (professional)', 'professional', false],
    ['a customer', 'customer', true],
  ])("when %s opens My Account with an unverified phone, then the customer-only 'Until then…' line shows only to customers", async (_n, role, shown) => {
    mockApi({ 'GET /api/user/5': { body: { user: { ...pat(false), role } } } });
    renderWithProviders(at('user/:id', <AccountPage />), { path: '/user/5' });
    expect(await screen.findByRole('button', { name: 'Text me a code' })).toBeInTheDocument();
    expect(screen.queryByText(/Until then, you only see the requests made from this account/) !== null).toBe(shown);
  });

  it('when the code is wrong, then the message says so and a new code can be asked for', async () => {
    mockApi({
      'GET /api/user/5': { body: { user: pat(false) } },
      'POST /api/user/5/phone-code': { body: { sent: true, expiresInSeconds: 600 } },
      'POST /api/user/5/phone-verification': { status: 400, body: { message: MESSAGES.phoneCodeWrong, code: 'phoneCodeWrong', field: 'code' } },
    });
    const user = userEvent.setup();
    renderWithProviders(at('user/:id', <AccountPage />), { path: '/user/5' });
    await user.click(await screen.findByRole('button', { name: 'Text me a code' }));
    await screen.findByText(/Enter the code we texted/);
    await user.keyboard('000000');
    expect(await screen.findByText(MESSAGES.phoneCodeWrong)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
  });
});
