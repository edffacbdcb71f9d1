import { screen } from '@testing-library/react';
import { MESSAGES } from '@turnbook/contracts';
import { mockApi } from '@turnbook/web-kit/testing/mock-api';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import ActivatePage, { ACTIVATED_TEXT, ACTIVATION_SORRY_TEXT, ALREADY_ACTIVE_TEXT } from './activate-page';

describe('activation link', () => {
  it('when the link is valid, then the account is activated and Log in is offered', async () => {
    const api = mockApi({ 'POST /api/verify': { body: { success: true } } });
    renderWithProviders(<ActivatePage />, { path: '/activate?a=12&b=abc' });
    expect(await screen.findByText(ACTIVATED_TEXT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/verify')[0].body).toEqual({ id: '12', hash: 'abc' });
  });

  it('when the link is opened again for an active account (alreadyVerified), then it says the account is active, not Sorry', async () => {
    mockApi({ 'POST /api/verify': { status: 200, body: { success: true, code: 'alreadyVerified', message: MESSAGES.alreadyVerified } } });
    renderWithProviders(<ActivatePage />, { path: '/activate?a=12&b=abc' });
    expect(await screen.findByText(ALREADY_ACTIVE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(ACTIVATION_SORRY_TEXT)).not.toBeInTheDocument();
  });

  it('when the link is wrong, then Sorry... is shown', async () => {
    mockApi({ 'POST /api/verify': { status: 400, body: { message: 'Invalid link', code: 'validation', field: 'hash' } } });
    renderWithProviders(<ActivatePage />, { path: '/activate?a=12&b=bad' });
    expect(await screen.findByText(ACTIVATION_SORRY_TEXT)).toBeInTheDocument();
  });
});
