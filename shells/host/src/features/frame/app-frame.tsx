import { AppShell, Avatar, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isCustomer, useSession } from '@turnbook/web-kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UpdateNotice } from '../updates/update-notice';
import { BottomBar } from './bottom-bar';
import { Logo } from './logo';
import { MainMenu } from './main-menu';
import { SiteFooter } from './site-footer';
import { useActivePage } from './use-active-page';

/** The logged-in frame: header, menu (drawer on phones), page, footer and the calendar bottom bar. */
export function AppFrame({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const fname = useSession((s) => s.user_fname);
  const image = useSession((s) => s.profile_image);
  const customer = useSession(isCustomer);
  useActivePage();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={{ height: 60 }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} />
            <Link to={customer ? '/appointments' : '/stores'} className="tb-brand" aria-label={customer ? 'Turnbook: my appointments' : 'Turnbook: my stores'}>
              <Logo />
              <span>Turnbook</span>
            </Link>
          </Group>
          {fname && (
            <Group gap="xs" wrap="nowrap">
              <Avatar src={image || null} alt="" radius="xl" size="sm" color="cyan">
                {fname.charAt(0).toUpperCase()}
              </Avatar>
              <Text size="sm" fw={500} tt="capitalize" visibleFrom="xs">
                {fname}
              </Text>
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <MainMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {/* AppShell.Main is the <main> landmark already. At least a screen high (less the header and the
            main's top padding): the footer starts below the first screen, so a page whose content comes in
            step by step (loading states, then lists) does not push a visible footer down (layout shift). */}
        <div id="main" style={{ minHeight: 'calc(100dvh - 56px - var(--mantine-spacing-md))' }}>
          {children}
        </div>
        <SiteFooter />
      </AppShell.Main>
      <AppShell.Footer>
        <BottomBar />
      </AppShell.Footer>
      <UpdateNotice />
    </AppShell>
  );
}
