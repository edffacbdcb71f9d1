import { Button, Group } from '@mantine/core';
import { kioskAppPath, pageNavigation, useSession } from '@turnbook/web-kit';
import { LoadingState } from '@turnbook/web-kit/ui';
import { useEffect, useState } from 'react';
import { useKioskStore } from '../sign-in-wizard/kiosk-data';
import { SignInWizard } from '../sign-in-wizard/sign-in-wizard';
import { ExitKioskMode } from './exit-kiosk-mode';
import { isKioskToken } from './kiosk-token';
import { StartKioskMode } from './start-kiosk-mode';

/** Inside the shell, kiosk mode is not run but sent to the kiosk's own app, which has no way out but the PIN. */
function OpenKioskApp({ permalink }: { permalink: string }) {
  useEffect(() => pageNavigation.replace(kioskAppPath(permalink)), [permalink]);
  return <LoadingState />;
}

/**
 * The sign-in wizard as the tablet shows it. In kiosk mode (the kiosk token) leaving asks for the store's
 * PIN; signed in as the front desk, the same wizard runs with a 'Start kiosk mode' hand-over that turns the
 * tablet into the kiosk. `permalink`: the store the page is for (the standalone app's /kiosk/{permalink},
 * `requireKiosk`); inside the shell (no permalink) kiosk mode opens that app instead of running here.
 */
export function KioskScreen({ permalink, requireKiosk = false }: { permalink?: string; requireKiosk?: boolean }) {
  const token = useSession((s) => s.access_token);
  const storeId = useSession((s) => s.store_id);
  const storePermalink = useSession((s) => s.store_permalink);
  const [handingOver, setHandingOver] = useState(false);
  const kiosk = isKioskToken(token);
  const pageStore = useKioskStore(permalink ?? null);
  // The standalone app runs only in kiosk mode, and only for the store it is opened for.
  const thisStore = !permalink || permalink === storePermalink || (pageStore.data != null && String(pageStore.data.id) === storeId);
  const signedIn = storeId != null && (!requireKiosk || kiosk) && thisStore;

  if (kiosk && !requireKiosk && storePermalink) return <OpenKioskApp permalink={storePermalink} />;
  if (!signedIn || handingOver) {
    return (
      <StartKioskMode
        forStore={permalink ? { permalink, id: pageStore.data?.id ?? null } : undefined}
        onCancel={handingOver ? () => setHandingOver(false) : undefined}
        onStarted={() => setHandingOver(false)}
      />
    );
  }
  return (
    <>
      <Group justify="flex-end" px="md" pt="xs">
        {kiosk ? (
          <ExitKioskMode />
        ) : (
          <Button variant="light" size="sm" onClick={() => setHandingOver(true)}>
            Start kiosk mode
          </Button>
        )}
      </Group>
      <SignInWizard key={storeId} storeId={Number(storeId)} permalink={permalink ?? storePermalink ?? null} />
    </>
  );
}
