import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@turnbook/web-kit';
import { confirmedPassword, FormProvider, newPasswordSchema, NewPasswordFields, useZodForm, FormError } from '@turnbook/web-kit/forms';
import { LoadingState } from '@turnbook/web-kit/ui';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { AuthCard } from '../auth-card';

const schema = z
  .object({ password: newPasswordSchema(), password_confirmation: z.string() })
  .refine(...confirmedPassword('password', 'password_confirmation', 'mismatch'));

/**
 * /reset-password?a=<id>&b=<hash>: the link is checked first (POST resetPasswordValidation); a bad link sends
 * the user to /. Then the new password (POST resetPassword {id, password, hash}) and a success state.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const id = params.get('a');
  const hash = params.get('b');
  const validation = useQuery({
    queryKey: ['reset-validation', id, hash],
    enabled: Boolean(id && hash),
    retry: false,
    staleTime: Infinity,
    queryFn: () => api.post('POST resetPasswordValidation', { id: id!, hash: hash! }),
  });
  const form = useZodForm(schema, { defaultValues: { password: '', password_confirmation: '' } });
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!id || !hash || validation.isError) return <Navigate to="/" replace />;
  if (validation.isPending) return <LoadingState label="Checking your link…" />;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await api.post('POST resetPassword', { id, password, hash });
      setDone(true);
    } catch (e) {
      setError((e as Error).message || 'Could not reset the password. Please try again.');
    }
  });

  return (
    <AuthCard>
      {done ? (
        <Stack align="center" ta="center" role="status">
          <Title order={1} size="h2">
            Your password has been reset
          </Title>
          <Text>You can now log in with your new password.</Text>
          <Button component={Link} to="/login">
            Log in
          </Button>
        </Stack>
      ) : (
        <>
          <Title order={1} size="h2" ta="center" mb="md">
            Choose a new password
          </Title>
          <FormProvider {...form}>
            <form onSubmit={onSubmit} noValidate aria-label="Reset password">
              <Stack>
                <FormError>{error}</FormError>
                <NewPasswordFields label="New password" confirmLabel="Confirm new password" />
                <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
                  Reset password
                </Button>
              </Stack>
            </form>
          </FormProvider>
        </>
      )}
    </AuthCard>
  );
}
