import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@turnbook/web-kit';
import { FormProvider, PasswordField, TextField } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useHydrated } from '../../../app/use-hydrated';
import { AuthCard } from '../auth-card';
import { LoginError, loginSequence } from './login-sequence';
import { ResendVerification } from './resend-verification';

interface LoginValues {
  email: string;
  password: string;
}

/** The form's two checks, written out: with zod this page, the one most people load first, weighed 22 KB gzip more. */
export const loginResolver: Resolver<LoginValues> = async (values): Promise<ResolverResult<LoginValues>> => {
  const email = values.email.trim();
  const errors: FieldErrors<LoginValues> = {};
  if (!email) errors.email = { type: 'required', message: 'Please enter your email or username' };
  if (!values.password) errors.password = { type: 'required', message: 'Please enter your password' };
  if (errors.email || errors.password) return { values: {} as Record<string, never>, errors };
  return { values: { email, password: values.password }, errors: {} };
};

export default function LoginPage() {
  const form = useForm<LoginValues>({ mode: 'onSubmit', reValidateMode: 'onChange', defaultValues: { email: '', password: '' }, resolver: loginResolver });
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<string | null>(null);
  const navigate = useNavigate();
  const setSession = useSession((s) => s.setSession);
  // Prerendered, the fields take typing once the app runs them: hydration would reset what was typed before.
  const ready = useHydrated();

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    setUnverified(null);
    try {
      const { session, redirect } = await loginSequence(email, password);
      setSession(session);
      navigate(redirect, { replace: true });
    } catch (e) {
      setError((e as Error).message);
      setUnverified(e instanceof LoginError && e.unverifiedEmail ? e.unverifiedEmail : null);
    }
  });

  return (
    <AuthCard>
      <Title order={1} size="h2" ta="center">
        Log in
      </Title>
      <Text c="dimmed" ta="center" size="sm" mb="md">
        Use your email, or your store's username on the front-desk tablet.
      </Text>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Log in">
          <Stack>
            {error && (
              <Alert color="red" role="alert" title="Could not log in">
                {error}
                {unverified && <ResendVerification email={unverified} />}
              </Alert>
            )}
            <TextField name="email" label="Email or username" autoComplete="username" autoCapitalize="none" required readOnly={!ready || undefined} />
            <PasswordField name="password" label="Password" autoComplete="current-password" required readOnly={!ready || undefined} />
            <Button type="submit" loading={form.formState.isSubmitting} fullWidth size="md" aria-disabled={!ready || undefined}>
              Log in
            </Button>
          </Stack>
        </form>
      </FormProvider>
      <Stack gap={4} mt="md" align="center">
        <Anchor component={Link} to="/forgot-password" size="sm">
          Forgot your password?
        </Anchor>
        <Text size="sm">
          New to Turnbook?{' '}
          <Anchor component={Link} to="/register">
            Sign Up
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
