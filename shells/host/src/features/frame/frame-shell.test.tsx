import { screen } from '@testing-library/react';
import { renderWithProviders } from '@turnbook/web-kit/testing/render';
import { FrameShell } from './frame-shell';

describe('the frame on a tablet', () => {
  it('when the frame is drawn, then the 240 px menu is a drawer behind the burger up to 1200 px, so a 1024 px tablet keeps the width for the page', () => {
    renderWithProviders(
      <FrameShell customer={false} menuOpened={false} menu={<nav aria-label="Main menu" />}>
        <p>page</p>
      </FrameShell>,
      { path: '/calendar/x' },
    );
    // Mantine's hiddenFrom class and the AppShell's own media rule (lg = 75em: collapsed below 74.99em)
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveClass('mantine-hidden-from-lg');
    const rules = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
    expect(rules).toMatch(/max-width:\s*74\.99\d*em\)\s*\{[^}]*--app-shell-navbar-width:\s*100%/);
  });
});
