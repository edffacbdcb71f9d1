import { screen } from '@testing-library/react';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import App from './app';

// Until this module is built, every route it owns must say so plainly rather than show a blank page.
describe('the calendar module', () => {
  it('when a route of the module is opened before it is built, then it says the screen is not available yet', () => {
    renderWithProviders(<App />, { path: '/calendar/lotus-nail-spa' });
    expect(screen.getByRole('heading', { name: 'The calendar is not available yet' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
