import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@turnbook/contracts/errors/index';
import type { StoreLoginResponse } from '@turnbook/contracts/schemas/identity';
import { api, hasCode, useSession } from '@turnbook/web-kit';
import { FormProvider, PasswordField, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { z } from 'zod';

const startSchema = z.object({
  username: z.string().trim().min(1, "Please enter the store's username"),
  password: z.string().min(1, "Please enter the store's password"),
});

/**
 * Turns this tablet into the door kiosk: the store's username and password with `mode: 'kiosk'` answer a
 * token that can only sign walk-ins in. It replaces the session's token, so the tablet no longer holds
 * the front desk's or the owner's keys.
 */
export function StartKioskMode() {
  const form = useZodForm(startSchema, { defaultValues: { username: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const setSession = useSession((s) => s.setSession);

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await api.post<z.infer<typeof StoreLoginResponse>>('POST storeLogin', { username: v.username.toLowerCase(), password: v.password, mode: 'kiosk' });
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
    } catch (e) {
      setError(hasCode(e, 'rateLimited') || hasCode(e, 'validation') ? (e as Error).message : MESSAGES.invalidLogin);
    }
  });

  return (
    <Paper withBorder p="lg" maw={440} mx="auto" mt="xl">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2}>Start kiosk mode</Title>
            <Text size="sm">
              Sign this tablet in as the store's kiosk. Customers can then sign themselves in at the door and nothing else; leaving kiosk mode asks for the
              store's PIN.
            </Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextField name="username" label="Store username" autoComplete="username" />
            <PasswordField name="password" label="Store password" autoComplete="current-password" />
            <Button type="submit" loading={form.formState.isSubmitting}>
              Start kiosk mode
            </Button>
          </Stack>
        </form>
      </FormProvider>
    </Paper>
  );
}
