import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { isApiError } from '@turnbook/web-kit';
import { FormProvider, useZodForm, FormError } from '@turnbook/web-kit/forms';
import { useState } from 'react';
import { AccountFields } from './account-fields';
import { accountSchema, EMPTY_ACCOUNT, VERIFY_EMAIL_TEXT } from './account-schema';
import { registerCustomer } from './register-customer';

/** The booking page's Sign Up: a customer account, then the note that the email must be verified first. */
export default function SignupModal({ onClose, onLogin }: { onClose: () => void; onLogin: () => void }) {
  const form = useZodForm(accountSchema, { defaultValues: EMPTY_ACCOUNT, mode: 'onTouched' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await registerCustomer(values);
      setDone(true);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'Your account could not be created. Please try again.');
    }
  });

  return (
    <Modal opened onClose={onClose} title="Sign Up">
      {done ? (
        <Stack>
          <Text role="status">{VERIFY_EMAIL_TEXT}</Text>
          <Button onClick={onClose}>Close</Button>
        </Stack>
      ) : (
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate aria-label="Sign Up">
            <Stack>
              <FormError>{error}</FormError>
              <AccountFields />
              <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
                Sign Up
              </Button>
              <Text size="sm" ta="center">
                Already have an account?{' '}
                <Anchor component="button" type="button" onClick={onLogin}>
                  Log in
                </Anchor>
              </Text>
            </Stack>
          </form>
        </FormProvider>
      )}
    </Modal>
  );
}
