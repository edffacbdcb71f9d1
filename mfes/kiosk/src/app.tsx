import { Stack } from '@mantine/core';
import { useSession } from '@turnbook/web-kit';
import { NotAvailable } from '@turnbook/web-kit/ui';
import { ExitKioskMode } from './features/kiosk-mode/exit-kiosk-mode';
import { isKioskToken } from './features/kiosk-mode/kiosk-token';
import { StartKioskMode } from './features/kiosk-mode/start-kiosk-mode';

// Contract: default-export a component; it renders inside the shell's router and providers and takes its
// session, API client and UI kit from @turnbook/web-kit (shared singleton).
export default function App() {
  const token = useSession((s) => s.access_token);
  if (!isKioskToken(token)) return <StartKioskMode />;
  return (
    <Stack>
      <ExitKioskMode />
      {/* The sign-in wizard comes with the kiosk issue; until then the kiosk says so. */}
      <NotAvailable what="Customer Sign In" />
    </Stack>
  );
}
