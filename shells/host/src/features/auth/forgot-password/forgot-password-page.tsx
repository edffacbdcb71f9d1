import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { LOOSE_EMAIL } from '@turnbook/domain/text/text';
import { api } from '@turnbook/web-kit';
import { FormProvider, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { AuthCard } from '../auth-card';

const schema = z.object({ email: z.string().trim().regex(LOOSE_EMAIL, 'Please enter a valid email address') });

export const SENT_TEXT =
  'We have sent password reset instructions to your email. Please allow a couple of minutes for it to arrive, and check your spam folder if you do not see it.';

/** /forgot-password: POST forgotPassword {email}, then the sent-instructions notice (docs/product/README.md, docs/product/messages.md). */
export default function ForgotPasswordPage() {
  const form = useZodForm(schema, { defaultValues: { email: '' } });
  const [sent, setSent] = useState(false);
  const onSubmit = form.handleSubmit(async ({ email }) => {
    // A failure is silent (docs/product/messages.md): the same notice either way, which also does not reveal which
    // emails have accounts.
    await api.post('POST forgotPassword', { email: email.toLowerCase() }).catch(() => undefined);
    setSent(true);
  });
  return (
    <AuthCard>
      {sent ? (
        <Stack align="center" ta="center" role="status">
          <Title order={1} size="h2">
            Check your email
          </Title>
          <Text>{SENT_TEXT}</Text>
          <Button component={Link} to="/login" variant="light">
            Back to Login
          </Button>
        </Stack>
      ) : (
        <>
          <Title order={1} size="h2" ta="center">
            Forgot your password?
          </Title>
          <Text c="dimmed" ta="center" size="sm" mb="md">
            Enter the email of your account and we will send you a link to choose a new password.
          </Text>
          <FormProvider {...form}>
            <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
              <Stack>
                <TextField name="email" label="Email" type="email" autoComplete="email" required />
                <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
                  Send instructions
                </Button>
              </Stack>
            </form>
          </FormProvider>
          <Text size="sm" ta="center" mt="md">
            <Anchor component={Link} to="/login">
              Back to Login
            </Anchor>
          </Text>
        </>
      )}
    </AuthCard>
  );
}
