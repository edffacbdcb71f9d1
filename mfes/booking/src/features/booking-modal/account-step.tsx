import { Anchor, Button, Stack, Text } from '@mantine/core';
import { FormProvider, useZodForm } from '@turnbook/web-kit/forms';
import { AccountFields } from '../account/account-fields';
import { accountSchema, type AccountValues } from '../account/account-schema';
import { StickyActions } from './sticky-actions';

/**
 * A visitor's account, made with the request (logged out only): every field checked before the review, so
 * the review shows the details the request will carry. A Log in link for those who have one.
 */
export function AccountStep({ values, onNext, onLogin }: { values: AccountValues; onNext: (v: AccountValues) => void; onLogin: () => void }) {
  const account = useZodForm(accountSchema, { defaultValues: values, mode: 'onTouched' });
  return (
    <FormProvider {...account}>
      <form onSubmit={account.handleSubmit((v) => onNext(v))} noValidate aria-label="Your account">
        <Stack>
          <Text size="sm">
            Create your account to send the request. Already have one?{' '}
            <Anchor component="button" type="button" onClick={onLogin}>
              Log in
            </Anchor>
          </Text>
          <AccountFields />
          <StickyActions>
            <Button type="submit" fullWidth>
              Next
            </Button>
          </StickyActions>
        </Stack>
      </form>
    </FormProvider>
  );
}
