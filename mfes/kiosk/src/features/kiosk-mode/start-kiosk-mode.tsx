import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { GENERAL_MESSAGES } from '@turnbook/contracts/errors/general';
import { api, hasCode, useSession } from '@turnbook/web-kit';
import { useState, type FormEvent } from 'react';
import { FormError } from '@turnbook/web-kit/forms';

// Two required fields: checked here without the form library, which would more than double what a tablet
// downloads before the kiosk shows (npm run bench:web).
const REQUIRED = { username: "Please enter the store's username", password: "Please enter the store's password" } as const;
type Field = keyof typeof REQUIRED;

/** Said when the login given is another store's than the kiosk page's. */
export const OTHER_STORE_LOGIN = "This login is for another store. Please sign in with this store's username and password.";

/**
 * Turns this tablet into the door kiosk: the store's username and password with `mode: 'kiosk'` answer a
 * token that can only sign walk-ins in. It replaces the session's token, so the tablet no longer holds
 * the front desk's or the owner's keys. `forStore`: the store of the kiosk page (/kiosk/{permalink}); another
 * store's login is refused with a message, and its token is not kept.
 */
export function StartKioskMode({ forStore, onCancel, onStarted }: { forStore?: { permalink: string; id: number | null }; onCancel?: () => void; onStarted?: () => void } = {}) {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const setSession = useSession((s) => s.setSession);

  const change = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid((i) => ({ ...i, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = Object.fromEntries(
      (Object.keys(REQUIRED) as Field[]).filter((f) => !values[f].trim()).map((f) => [f, REQUIRED[f]]),
    );
    setInvalid(missing);
    if (Object.keys(missing).length) return;
    setError(null);
    setSubmitting(true);
    try {
      const res = await api.post('POST storeLogin', {
        username: values.username.trim().toLowerCase(), password: values.password, mode: 'kiosk',
      });
      if (forStore && res.store.permalink !== forStore.permalink && res.store.id !== forStore.id) {
        // Nothing of the other store stays on this tablet: any session held here is forgotten, and the other
        // store's session (its refresh cookie, just set) is ended on the server.
        useSession.getState().clearSession();
        await api.post('POST auth/logout', {}).catch(() => undefined);
        setValues({ username: '', password: '' });
        setError(OTHER_STORE_LOGIN);
        return;
      }
      setSession({
        access_token: res.access_token,
        store_id: String(res.store.id),
        store_permalink: res.store.permalink,
        store_owner_id: String(res.store.ownerId),
        owner_id: String(res.store.ownerId),
        user_id: null,
        role: null,
        store_log_in: 'ON',
        user_log_in: 'OFF',
        user_view: 'OFF',
      });
      onStarted?.();
    } catch (err) {
      setError(hasCode(err, 'rateLimited') || hasCode(err, 'validation') ? (err as Error).message : GENERAL_MESSAGES.invalidLogin);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper withBorder p="lg" maw={440} mx="auto" mt="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>Start kiosk mode</Title>
          <Text size="sm">
            Sign this tablet in as the store's kiosk. Customers can then sign themselves in at the door and nothing else; leaving kiosk mode asks for the
            store's PIN.
          </Text>
          <FormError>{error}</FormError>
          <TextInput label="Store username" autoComplete="username" value={values.username} onChange={change('username')} error={invalid.username} />
          <PasswordInput label="Store password" autoComplete="current-password" value={values.password} onChange={change('password')} error={invalid.password} />
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={submitting}>
              Start kiosk mode
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
