import { MESSAGES } from '@turnbook/contracts/errors/index';
import { screen } from '@testing-library/react';
import { useSession } from '@turnbook/web-kit';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import ConfirmEmailPage, { CONFIRM_EMAIL_SORRY_TEXT } from './confirm-email-page';

describe('confirm a new email address', () => {
  it('when the link from the new address is opened, then POST auth/confirm-email {id, hash}, the change is confirmed and the old session forgotten', async () => {
    const api = mockApi({ 'POST /api/auth/confirm-email': { body: { success: true, email: 'new@x.com' } } });
    useSession.getState().setSession({ access_token: 'old', user_id: '4' });
    renderWithProviders(<ConfirmEmailPage />, { path: '/confirm-email?a=4&b=abc' });
    expect(await screen.findByText(MESSAGES.emailChanged)).toBeInTheDocument();
    expect(screen.getByText('Log in with new@x.com.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/confirm-email')[0].body).toEqual({ id: '4', hash: 'abc' });
    expect(useSession.getState().access_token).toBeNull();
  });

  it('when the link is bad or used, then it says the email has not changed', async () => {
    mockApi({ 'POST /api/auth/confirm-email': { status: 400, body: { message: 'bad', code: 'validation', field: 'hash' } } });
    renderWithProviders(<ConfirmEmailPage />, { path: '/confirm-email?a=4&b=abc' });
    expect(await screen.findByText(CONFIRM_EMAIL_SORRY_TEXT)).toBeInTheDocument();
  });
});
