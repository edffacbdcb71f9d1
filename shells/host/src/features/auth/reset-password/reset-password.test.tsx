import { MESSAGES } from '@turnbook/contracts/errors/index';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import ResetPasswordPage from './reset-password-page';

const password = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

describe('reset password', () => {
  it('when the link does not validate, then the user is sent to /', async () => {
    const api = mockApi({ 'POST /api/resetPasswordValidation': { status: 400, body: { message: 'bad link', code: 'validation' } } });
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?a=4&b=abc' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.callsTo('POST /api/resetPasswordValidation')[0].body).toEqual({ id: '4', hash: 'abc' });
  });

  it('when the link has no a/b parameters, then the user is sent to /', async () => {
    mockApi({});
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('when the new passwords differ, then the password-mismatch message shows and nothing is sent', async () => {
    const api = mockApi({ 'POST /api/resetPasswordValidation': { body: { valid: true } } });
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?a=4&b=abc' });
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'long enough one');
    await user.type(password('Confirm new password'), 'long enough two');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordMismatch)).toBeInTheDocument();
    expect(api.callsTo('POST /api/resetPassword')).toHaveLength(0);
  });

  it('when the passwords match, then POST resetPassword {id, password, hash} and the success state', async () => {
    const api = mockApi({
      'POST /api/resetPasswordValidation': { body: { valid: true } },
      'POST /api/resetPassword': { body: { success: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?a=4&b=abc' });
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), 'n3w-pass-2026');
    await user.type(password('Confirm new password'), 'n3w-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset')).toBeInTheDocument();
    expect(api.callsTo('POST /api/resetPassword')[0].body).toEqual({ id: '4', password: 'n3w-pass-2026', hash: 'abc' });
  });

  it('when the new password is short or a common one, then the form says so before anything is sent', async () => {
    const api = mockApi({ 'POST /api/resetPasswordValidation': { body: { valid: true } } });
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?a=4&b=abc' });
    const input = await screen.findByLabelText(/^New password/, { selector: 'input' });
    await user.type(input, 'short1');
    await user.type(password('Confirm new password'), 'short1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'qwertyuiop');
    await user.clear(password('Confirm new password'));
    await user.type(password('Confirm new password'), 'qwertyuiop');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordTooCommon)).toBeInTheDocument();
    expect(api.callsTo('POST /api/resetPassword')).toHaveLength(0);
  });
});
