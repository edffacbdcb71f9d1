import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { api, isApiError } from '@turnbook/web-kit';
import { useState } from 'react';
import { StoreCard } from '../page-frame/store-page';

const PIN_RULE = /^\d{4,8}$/;

/** The PIN's problem, or null: 4 to 8 digits, typed the same twice. */
function pinProblem(pin: string, again: string): string | null {
  if (!PIN_RULE.test(pin.trim())) return 'The PIN must be 4 to 8 digits';
  return pin.trim() !== again.trim() ? "PIN didn't match" : null;
}

/**
 * The store's PIN, asked when a tablet leaves kiosk mode. Set (or replaced) by the owner; the server keeps
 * only a hash, so the card never shows the current one.
 */
export function KioskPinCard({ storeId }: { storeId: number }) {
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  // A shown message is checked again as the PINs change: it goes as soon as they are valid.
  const change = (nextPin: string, nextAgain: string) => {
    setPin(nextPin);
    setAgain(nextAgain);
    if (error) setError(pinProblem(nextPin, nextAgain));
  };
  const save = async () => {
    setSaved(false);
    const problem = pinProblem(pin, again);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      await api.patch('PATCH store/{id}', { PIN: pin.trim() }, { id: storeId });
      setPin('');
      setAgain('');
      setSaved(true);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The PIN could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <StoreCard label="Kiosk PIN">
      <Title order={2} size="h4" mb="xs">
        Kiosk PIN
      </Title>
      <Text size="sm" mb="sm">
        Asked when someone leaves kiosk mode on the tablet at the door.
      </Text>
      <Stack gap="xs">
        {saved && (
          <Alert color="green" role="status">
            The kiosk PIN was saved.
          </Alert>
        )}
        <PasswordInput label="New kiosk PIN" inputMode="numeric" autoComplete="new-password" value={pin} onChange={(e) => change(e.currentTarget.value, again)} error={error} />
        <PasswordInput label="Confirm kiosk PIN" inputMode="numeric" autoComplete="new-password" value={again} onChange={(e) => change(pin, e.currentTarget.value)} />
        <Group>
          <Button onClick={save} loading={busy}>
            Save PIN
          </Button>
        </Group>
      </Stack>
    </StoreCard>
  );
}
