import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { api, hasCode, lockedOutText, useSession } from '@turnbook/web-kit';
import { FormProvider, PasswordField, TextField, FormError } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

export const NOT_VERIFIED_TEXT = 'Please check your inbox and click the verification link before your first login';
export const INVALID_LOGIN_TEXT = 'Invalid email or password';

interface LoginValues {
  email: string;
  password: string;
}

/**
 * The booking page's Login: a customer signs in and stays on the page (the store login of the front desk
 * has its own /login page). Messages as on /login.
 */
export default function LoginModal({ onClose, onSignUp }: { onClose: (signedIn: boolean) => void; onSignUp: () => void }) {
  const form = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  const [error, setError] = useState<string | null>(null);
  const setSession = useSession((s) => s.setSession);

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    if (!email.trim()) return form.setError('email', { message: 'Please enter your email' }, { shouldFocus: true });
    if (!password) return form.setError('password', { message: 'Please enter your password' }, { shouldFocus: true });
    try {
      const res = await api.post('POST login', { email: email.trim(), password });
      setSession({
        access_token: res.access_token,
        user_id: String(res.user.id),
        role: res.user.role,
        profile_image: res.user.profile_image,
        user_fname: res.user.fname,
        store_log_in: 'OFF',
        user_log_in: 'ON',
        user_view: 'ON',
      });
      onClose(true);
    } catch (e) {
      if (hasCode(e, 'notVerified')) setError(NOT_VERIFIED_TEXT);
      else if (hasCode(e, 'rateLimited')) setError(lockedOutText(e.retryAfter));
      else setError(INVALID_LOGIN_TEXT);
    }
  });

  return (
    <Modal opened onClose={() => onClose(false)} title="Log in">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate aria-label="Log in">
          <Stack>
            <FormError>{error}</FormError>
            <TextField
              name="email"
              label="Email"
              autoComplete="username"
              autoCapitalize="none"
              required
            />
            <PasswordField name="password" label="Password" autoComplete="current-password" required visibilityToggleFocusable visibilityToggleButtonProps={{ 'aria-label': 'Show password' }} />
            <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
              Log in
            </Button>
            <Text size="sm" ta="center">
              No account yet?{' '}
              <Anchor component="button" type="button" onClick={onSignUp}>
                Sign Up
              </Anchor>
            </Text>
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
