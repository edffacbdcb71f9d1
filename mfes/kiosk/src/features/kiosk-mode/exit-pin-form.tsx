import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { SCHEDULING_MESSAGES } from '@turnbook/contracts/errors/index';
import { api, hasCode, pageNavigation, useSession } from '@turnbook/web-kit';
import { FormProvider, PasswordField, useZodForm } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { z } from 'zod';

const pinSchema = z.object({ PIN: z.string().trim().regex(/^\d{1,8}$/, 'Please enter the PIN (digits only)') });

function pinErrorText(e: unknown): string {
  if (hasCode(e, 'storePinWrong')) return SCHEDULING_MESSAGES.storePinWrong;
  if (hasCode(e, 'storePinNotSet')) return SCHEDULING_MESSAGES.storePinNotSet;
  if (hasCode(e, 'rateLimited')) {
    const minutes = Math.max(1, Math.ceil((e.retryAfter ?? 60) / 60));
    return `${SCHEDULING_MESSAGES.storePinThrottled} (in about ${minutes} minute${minutes === 1 ? '' : 's'})`;
  }
  return 'The PIN could not be checked. Please try again.';
}

/**
 * The store's PIN, checked by the server (throttled there). A right PIN signs the kiosk out and opens the
 * login page, where staff sign in with their own account or the front desk's.
 */
export default function ExitPinForm({ onCancel }: { onCancel: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const storeId = useSession((s) => s.store_id);
  const form = useZodForm(pinSchema, { defaultValues: { PIN: '' } });

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await api.post('POST verifyStorePIN', { storeId: Number(storeId), PIN: v.PIN });
      useSession.getState().clearSession();
      pageNavigation.assign('/login');
    } catch (e) {
      form.setValue('PIN', '');
      setError(pinErrorText(e));
    }
  });

  return (
    <Paper withBorder p="md" maw={360} ml="auto">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={3}>Exit kiosk mode</Title>
            <Text size="sm">Staff only: enter the store's PIN.</Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
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
