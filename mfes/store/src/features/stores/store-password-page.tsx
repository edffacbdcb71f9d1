import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, isApiError, useSession } from '@turnbook/web-kit';
import { confirmedPassword, FormProvider, newPasswordSchema, NewPasswordFields, PasswordField, useZodForm } from '@turnbook/web-kit/forms';
import { confirm, LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { z } from 'zod';
import { ResultCard, StoreCard, StorePage } from '../page-frame/store-page';
import { storeKeys } from './store-api';
import type { Store } from './store-model';
import { UPDATE_PASSWORD_QUESTION } from './store-schema';

export const storePasswordSchema = z
  .object({
    userPassword: z.string().min(1, "Please enter your password"),
    newPassword: newPasswordSchema('Please enter the new store password'),
    confirmPassword: z.string(),
  })
  .refine(...confirmedPassword('newPassword', 'confirmPassword'));

function PasswordForm({ store, userId }: { store: Store; userId: string }) {
  const form = useZodForm(storePasswordSchema, { defaultValues: { userPassword: '', newPassword: '', confirmPassword: '' } });
  const [state, setState] = useState<'form' | 'success' | 'failed'>('form');
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async (v) => {
    if (!(await confirm(UPDATE_PASSWORD_QUESTION))) return;
    setBusy(true);
    try {
      const res = await api.post('POST storeResetPassword', {
        userId: Number(userId),
        userPassword: v.userPassword,
        storeId: store.id,
        newPassword: v.newPassword,
      });
      setState(res?.success ? 'success' : 'failed');
    } catch (e) {
      if (isApiError(e) && e.field === 'newPassword') form.setError('newPassword', { type: 'server', message: e.message });
      setState('failed');
    } finally {
      setBusy(false);
    }
  });
  if (state === 'success') return <ResultCard title="Success." message="The store password was changed." doneTo={`/store/${store.permalink}`} />;
  return (
    <StorePage title="Update Store Password" back={{ to: `/store/${store.permalink}`, label: 'Store Details' }}>
      <StoreCard label="Update Store Password">
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate aria-label="Update Store Password">
            <Stack>
              <Text size="sm" c="dimmed" tt="capitalize">
                {store.name} · {store.username}
              </Text>
              {state === 'failed' && (
                <Alert color="red" role="alert" title="Not successful">
                  The password was not changed. Check your own password and try again.
                </Alert>
              )}
              <PasswordField name="userPassword" label="Owner's Password" autoComplete="current-password" required />
              <NewPasswordFields name="newPassword" label="New Store Password" confirmName="confirmPassword" confirmLabel="Confirm New Store Password" />
              <Group justify="flex-end">
                <Button type="submit" loading={busy}>
                  Update
                </Button>
              </Group>
            </Stack>
          </form>
        </FormProvider>
      </StoreCard>
    </StorePage>
  );
}

/** /stores/security/{id}: the owner changes the store account's password; everyone else sees nothing. */
export default function StorePasswordPage() {
  const { id = '' } = useParams();
  const userId = useSession((s) => s.user_id);
  const owned = useQuery({
    queryKey: storeKeys.owned(userId ?? ''),
    enabled: Boolean(userId),
    queryFn: async () => (await api.get('GET getStoreByOwnerId/{userId}', { userId: userId! }))?.stores ?? [],
  });
  if (owned.isPending && userId) return <LoadingState />;
  const store = owned.data?.find((s) => String(s.id) === id);
  if (!store || !userId) return null;
  return <PasswordForm store={store} userId={userId} />;
}
