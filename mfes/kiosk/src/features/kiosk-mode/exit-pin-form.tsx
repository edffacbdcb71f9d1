import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { GENERAL_MESSAGES } from '@turnbook/contracts/errors/general';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/scheduling';
import { api, hasCode, pageNavigation, useSession } from '@turnbook/web-kit';
import { FormProvider, PasswordField, useZodForm, FormError } from '@turnbook/web-kit/forms';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';

const pinSchema = z.object({ PIN: z.string().trim().regex(/^\d{1,8}$/, 'Please enter the PIN (digits only)') });

function pinErrorText(e: unknown): string {
  if (hasCode(e, 'storePinWrong')) return SCHEDULING_MESSAGES.storePinWrong;
  if (hasCode(e, 'rateLimited')) {
    const minutes = Math.max(1, Math.ceil((e.retryAfter ?? 60) / 60));
    return `${SCHEDULING_MESSAGES.storePinThrottled} (in about ${minutes} minute${minutes === 1 ? '' : 's'})`;
  }
  return 'The PIN could not be checked. Please try again.';
}

/** Out of kiosk mode: the kiosk's session is forgotten and the login page opens for staff. */
function leaveKioskMode() {
  useSession.getState().clearSession();
  pageNavigation.assign('/login');
}

export const OWNER_ONLY_WITHOUT_PIN = "Only the store's owner can leave kiosk mode while the store has no PIN.";

/**
 * A store with no PIN yet (a store made by the wizard has none until the owner sets one in the store's
 * settings) is left by its owner's sign-in instead, so the tablet is never stuck in kiosk mode
 * (docs/product/kiosk.md). The owner is recognised by the store's owner id the kiosk got at its start;
 * anyone else's sign-in is refused and its session ended at once.
 */
function OwnerSignInToExit({ onCancel }: { onCancel: () => void }) {
  const ownerId = useSession((s) => s.store_owner_id);
  const [values, setValues] = useState({ email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.email.trim() || !values.password) return setError("Please enter the owner's email and password.");
    setError(null);
    setBusy(true);
    try {
      const res = await api.post('POST login', { email: values.email.trim(), password: values.password });
      if (ownerId != null && String(res.user.id) === ownerId) return leaveKioskMode();
      // Their sign-in set the tablet's session cookie: ending it ends their session, not the kiosk's token.
      await api.post('POST auth/logout', {}).catch(() => undefined);
      setError(OWNER_ONLY_WITHOUT_PIN);
    } catch (err) {
      setError(hasCode(err, 'rateLimited') ? (err as Error).message : GENERAL_MESSAGES.invalidLogin);
    } finally {
      setValues((v) => ({ ...v, password: '' }));
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" maw={360} ml="auto">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3}>Exit kiosk mode</Title>
          <Text size="sm">This store has no PIN yet. The store's owner can leave kiosk mode by signing in, then set a PIN in the store's settings.</Text>
          <FormError>{error}</FormError>
          <TextInput label="Owner's email" autoComplete="off" value={values.email} onChange={(e) => setValues({ ...values, email: e.currentTarget.value })} />
          <PasswordInput label="Owner's password" autoComplete="off" value={values.password} onChange={(e) => setValues({ ...values, password: e.currentTarget.value })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Exit
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * The store's PIN, checked by the server (throttled there). A right PIN signs the kiosk out and opens the
 * login page, where staff sign in with their own account or the front desk's. A store with no PIN yet asks
 * for its owner's sign-in instead.
 */
export default function ExitPinForm({ onCancel }: { onCancel: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [noPin, setNoPin] = useState(false);
  const storeId = useSession((s) => s.store_id);
  const form = useZodForm(pinSchema, { defaultValues: { PIN: '' } });

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await api.post('POST verifyStorePIN', { storeId: Number(storeId), PIN: v.PIN });
      leaveKioskMode();
    } catch (e) {
      form.setValue('PIN', '');
      if (hasCode(e, 'storePinNotSet')) setNoPin(true);
      else setError(pinErrorText(e));
    }
  });

  if (noPin) return <OwnerSignInToExit onCancel={onCancel} />;

  return (
    <Paper withBorder p="md" maw={360} ml="auto">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={3}>Exit kiosk mode</Title>
            <Text size="sm">Staff only: enter the store's PIN.</Text>
            <FormError>{error}</FormError>
            <PasswordField name="PIN" label="Store PIN" inputMode="numeric" autoComplete="off" />
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                Exit
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
