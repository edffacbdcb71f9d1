import { Button, Group, Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// The PIN form (and the form library) loads when staff ask to leave, not with the kiosk.
const ExitPinForm = lazy(() => import('./exit-pin-form'));

/** Leaving kiosk mode asks for the store's PIN (docs/product/roles.md). */
export function ExitKioskMode() {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={() => setAsking(true)}>
          Exit kiosk mode
        </Button>
      </Group>
    );
  }
  return (
    <Suspense fallback={<Loader size="sm" ml="auto" aria-label="Loading" />}>
      <ExitPinForm onCancel={() => setAsking(false)} />
    </Suspense>
  );
}
