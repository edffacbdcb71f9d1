import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { api, isApiError } from '@turnbook/web-kit';
import { confirmedPassword, FormProvider, newPasswordSchema, NewPasswordFields, PasswordField, useZodForm } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { StoreCard, StorePage } from '../page-frame/store-page';

export const userPasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password'),
    newPassword: newPasswordSchema('Please enter a new password'),
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .refine(...confirmedPassword('newPassword', 'confirmPassword', 'skip'));

/** /users/security/{id}: 'Update Password' (docs/product/README.md, docs/product/validation.md). */
export default function AccountPasswordPage() {
  const { id = '' } = useParams();
  const form = useZodForm(userPasswordSchema, { defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const [state, setState] = useState<'form' | 'success' | 'failed'>('form');
  const submit = form.handleSubmit(async (v) => {
    try {
      const res = await api.post('POST userResetPassword', { id: Number(id), currentPassword: v.currentPassword, newPassword: v.newPassword });
      setState(res?.success ? 'success' : 'failed');
    } catch (e) {
      if (isApiError(e) && e.field === 'newPassword') form.setError('newPassword', { type: 'server', message: e.message });
      setState('failed');
    }
  });
  if (state === 'success')
    return (
      <StorePage title="Update Password">
        <StoreCard>
          <Stack align="center" ta="center" role="status">
            <Title order={2}>Success.</Title>
            <Anchor component={Link} to={`/user/${id}`}>
              Back to My Account
            </Anchor>
          </Stack>
        </StoreCard>
      </StorePage>
    );
  return (
    <StorePage title="Update Password" back={{ to: `/user/${id}`, label: 'My Account' }}>
      <StoreCard label="Update Password">
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate aria-label="Update Password">
            <Stack>
              {state === 'failed' && (
                <Alert color="red" role="alert" title="Not successful">
                  The password was not changed. Check your current password and try again.
                </Alert>
              )}
              <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" required />
              <NewPasswordFields name="newPassword" label="New password" confirmName="confirmPassword" confirmLabel="Confirm new password" />
              <Group justify="flex-end">
                <Button type="submit" loading={form.formState.isSubmitting}>
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
