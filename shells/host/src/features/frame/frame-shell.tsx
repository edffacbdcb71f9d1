import { AppShell, Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';

export type FrameShellProps = {
  /** A customer's frame: the brand leads to /appointments and there is no bottom bar (no store calendar). */
  customer: boolean;
  menuOpened: boolean;
  onToggleMenu?: () => void;
  /** The signed-in user's avatar and name, right of the header. */
  account?: ReactNode;
  menu: ReactNode;
  bottomBar?: ReactNode;
  /** Dialogs of the frame itself (the update notice), outside the page. */
  dialogs?: ReactNode;
  children: ReactNode;
};

/**
 * The logged-in frame's markup: header, menu (drawer on phones), page, footer and bottom bar. AppFrame fills it
 * for the session; the prerendered first view of a signed-in page (src/prerender.tsx) draws the same markup
 * before the app runs, so the app's frame replaces it without anything moving.
 */
/**
 * Below this width the menu is a drawer behind the burger: a landscape tablet at the front desk (1024 px)
 * keeps its 240 px for the calendar's staff columns (issue 31 item 1).
 */
export const MENU_BREAKPOINT = 'lg';

export function FrameShell({ customer, menuOpened, onToggleMenu, account, menu, bottomBar, dialogs, children }: FrameShellProps) {
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: MENU_BREAKPOINT, collapsed: { mobile: !menuOpened } }}
      footer={bottomBar ? { height: 60 } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom={MENU_BREAKPOINT} size="sm" aria-label={menuOpened ? 'Close menu' : 'Open menu'} />
            <Link to={customer ? '/appointments' : '/stores'} className="tb-brand" aria-label={customer ? 'Turnbook: my appointments' : 'Turnbook: my stores'}>
              <Logo />
              <span>Turnbook</span>
            </Link>
          </Group>
          {account}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">{menu}</AppShell.Navbar>
      <AppShell.Main>
        {/* AppShell.Main is the <main> landmark already. At least a screen high (less the header and the
            main's top padding): the footer starts below the first screen, so a page whose content comes in
            step by step (loading states, then lists) does not push a visible footer down (layout shift). */}
        <div id="main" style={{ minHeight: 'calc(100dvh - 56px - var(--mantine-spacing-md))' }}>
          {children}
        </div>
        <SiteFooter />
      </AppShell.Main>
      {bottomBar && <AppShell.Footer>{bottomBar}</AppShell.Footer>}
      {dialogs}
    </AppShell>
  );
}
