import { Avatar, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { displayName } from '@turnbook/domain/text/names';
import { ConnectionIndicator, isCustomer, kioskAppPath, pageNavigation, tokenKind, useSession } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { UpdateNotice } from '../updates/update-notice';
import { BottomBar } from './bottom-bar';
import { FrameShell } from './frame-shell';
import { LocationSwitcher } from './location-switcher';
import { MainMenu } from './main-menu';
import { useActivePage } from './use-active-page';

/**
 * A tablet in kiosk mode never shows the shell: its header, menu and footer lead away from the sign-in (the
 * Turns Indicator lists every waiting customer's name and phone). It goes to the kiosk's own app, which
 * shows the wizard alone and is left only with the store's PIN.
 */
function KioskModeRedirect({ permalink }: { permalink: string }) {
  useEffect(() => pageNavigation.replace(kioskAppPath(permalink)), [permalink]);
  return <LoadingState />;
}

/** The logged-in frame for the session: its menu, the user's avatar and, for store users, the calendar bottom bar. */
export function AppFrame({ children }: { children: ReactNode }) {
  const kioskPermalink = useSession((s) => (tokenKind(s.access_token) === 'kiosk' ? s.store_permalink : null));
  if (kioskPermalink) return <KioskModeRedirect permalink={kioskPermalink} />;
  return <StoreFrame>{children}</StoreFrame>;
}

function StoreFrame({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const fname = useSession((s) => s.user_fname);
  const image = useSession((s) => s.profile_image);
  const customer = useSession(isCustomer);
  // The calendar draws its own bottom bar (Today, Week, Sign-in sheet, the bell: docs/decisions.md).
  const onCalendar = useLocation().pathname.startsWith('/calendar/');
  useActivePage();
  const account = fname && (
    <Group gap="xs" wrap="nowrap">
      {!customer && <LocationSwitcher />}
      <Avatar src={image || null} alt="" radius="xl" size="sm" color="cyan">
        {fname.charAt(0).toUpperCase()}
      </Avatar>
      <Text size="sm" fw={500} visibleFrom="xs">
        {displayName(fname)}
      </Text>
    </Group>
  );
  return (
    <FrameShell
      customer={customer}
      menuOpened={opened}
      onToggleMenu={toggle}
      account={account}
      menu={<MainMenu onNavigate={close} />}
      // A customer has no store calendar: the calendar shortcut is a store user's (docs/decisions.md).
      bottomBar={customer || onCalendar ? undefined : <BottomBar />}
      dialogs={
        <>
          <UpdateNotice />
          <ConnectionIndicator />
        </>
      }
    >
      {children}
    </FrameShell>
  );
}
