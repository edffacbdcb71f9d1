import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { FormProvider, PasswordField, PhoneField, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  accountSchema,
  personalSchema,
  userTypeSchema,
  type AccountValues,
  type PersonalValues,
  type UserTypeValues,
} from './register-schemas';

interface PageProps<V> {
  values: V;
  onNext: (v: V) => void;
  onBack?: (v: V) => void;
  /** A server error to show on a field when the page opens (e.g. the email already exists). */
  serverError?: { field: string; message: string } | null;
}

function Nav({ onBack, nextLabel = 'Next', loading }: { onBack?: () => void; nextLabel?: string; loading?: boolean }) {
  return (
    <Group justify={onBack ? 'space-between' : 'flex-end'} mt="md">
      {onBack && (
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      )}
      <Button type="submit" loading={loading}>
        {nextLabel}
      </Button>
    </Group>
  );
}

export function AccountPage({ values, onNext, serverError }: PageProps<AccountValues>) {
  const form = useZodForm(accountSchema, {
    defaultValues: values,
    errors: serverError ? { [serverError.field]: { type: 'server', message: serverError.message } } : undefined,
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as AccountValues))} noValidate aria-label="Account credentials">
        <Stack>
          <TextField name="email" label="Email" type="email" autoComplete="email" autoCapitalize="none" required />
          <PasswordField name="password" label="Password" autoComplete="new-password" required />
          <PasswordField name="password_confirmation" label="Confirm password" autoComplete="new-password" required />
          <Nav />
        </Stack>
      </form>
    </FormProvider>
  );
}

export function PersonalPage({ values, onNext, onBack }: PageProps<PersonalValues>) {
  const form = useZodForm(personalSchema, { defaultValues: values });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as PersonalValues))} noValidate aria-label="Personal data">
        <Stack>
          <TextField name="fname" label="First name" autoComplete="given-name" required />
          <TextField name="lname" label="Last name" autoComplete="family-name" required />
          <PhoneField name="phone" label="Phone" required />
          <Nav onBack={() => onBack?.(form.getValues())} />
        </Stack>
      </form>
    </FormProvider>
  );
}

export function UserTypePage({ values, onNext, onBack, loading }: PageProps<UserTypeValues> & { loading: boolean }) {
  const form = useZodForm(userTypeSchema, { defaultValues: values });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as UserTypeValues))} noValidate aria-label="User type">
        <Stack>
          <Controller
            control={form.control}
            name="role"
            render={({ field, fieldState }) => (
              <Radio.Group
                label="I am a"
                description="Professionals run or work in a salon; customers book appointments."
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                required
              >
                <Stack gap="sm" mt="xs">
                  <Radio value="professional" label="Professional (salon owner or staff)" />
                  <Radio value="customer" label="Customer" />
                </Stack>
              </Radio.Group>
            )}
          />
          <Text size="xs" c="dimmed">
            By signing up you agree to the <Link to="/terms-of-use">Terms of Use</Link> and the{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </Text>
          <Nav onBack={() => onBack?.(form.getValues())} nextLabel="Sign Up" loading={loading} />
        </Stack>
      </form>
    </FormProvider>
  );
}
