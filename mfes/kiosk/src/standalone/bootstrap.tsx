// The styles of the Mantine components the kiosk uses: the whole sheet would double what a tablet downloads.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConnectionIndicator, configureApi } from '@turnbook/web-kit';
import { createQueryClient, UiProviders } from '@turnbook/web-kit/ui';
import { startTransition, StrictMode, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { KioskScreen } from '../features/kiosk-mode/kiosk-screen';
import { installKioskApp } from './install-app';
import { kioskPermalink } from './kiosk-permalink';
import { keepScreenOn } from './wake-lock';

// An ended session clears itself and the kiosk asks for the store login again, on this page.
configureApi({ onSessionExpired: () => undefined });
document.title = 'Customer Sign In';
const queryClient = createQueryClient();
const permalink = kioskPermalink(window.location.pathname);
installKioskApp(permalink);
keepScreenOn();

/**
 * The kiosk tablet's own app at /kiosk/{permalink}: the sign-in wizard without the shell, so the tablet
 * downloads only the kiosk's files (npm run bench:web). It runs in kiosk mode only (the store login with
 * mode 'kiosk'); leaving asks for the store's PIN.
 */
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <UiProviders>
        <QueryClientProvider client={queryClient}>
          <main style={{ '--tb-kiosk-min-height': 'calc(100dvh - 48px)' } as CSSProperties}>
            <KioskScreen permalink={permalink} requireKiosk />
            <ConnectionIndicator />
          </main>
        </QueryClientProvider>
      </UiProviders>
    </StrictMode>,
  );
});
