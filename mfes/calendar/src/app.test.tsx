import { screen } from '@testing-library/react';
import { useSession } from '@turnbook/web-kit';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import App from './app';

describe('the calendar module', () => {
  it('when a signed-in user opens a path the module does not know, then it says the page was not found', async () => {
    useSession.getState().setSession({ access_token: 'token', user_id: '2' });
    renderWithProviders(<App />, { path: '/calendar' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
