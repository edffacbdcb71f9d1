import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { FormProvider, lazyZodResolver, NewPasswordFields, PhoneField, TextField } from '@turnbook/web-kit/forms';
import { Controller, useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useHydrated } from '../../../app/use-hydrated';
import type { AccountValues, PersonalValues, UserTypeValues } from './register-schemas';

// The schemas (and zod with them) load when the visitor first focuses a field or submits, so the first
// page of sign-up is usable without them.
const schemas = () => import(/* webpackChunkName: "register-schemas" */ './register-schemas');
const loadSchemas = () => void schemas();
type Schemas = Awaited<ReturnType<typeof schemas>>;

function useRegisterForm<V extends FieldValues>(pick: (m: Schemas) => Schemas[keyof Schemas & `${string}Schema`], options: { defaultValues: V; errors?: Record<string, { type: string; message: string }> }) {
  return useForm<V>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: options.defaultValues as DefaultValues<V>,
    errors: options.errors as never,
    resolver: lazyZodResolver<V>(async () => pick(await schemas())),
  });
}

interface PageProps<V> {
  values: V;
  onNext: (v: V) => void;
  onBack?: (v: V) => void;
  /** A server error to show on a field when the page opens (e.g. the email already exists). */
  serverError?: { field: string; message: string } | null;
}

function Nav({ onBack, nextLabel = 'Next', loading }: { onBack?: () => void; nextLabel?: string; loading?: boolean }) {
  const ready = useHydrated();
  return (
    <Group justify={onBack ? 'space-between' : 'flex-end'} mt="md">
      {onBack && (
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      )}
      <Button type="submit" loading={loading} aria-disabled={!ready || undefined}>
        {nextLabel}
      </Button>
    </Group>
  );
}

export function AccountPage({ values, onNext, serverError }: PageProps<AccountValues>) {
  // Prerendered, the fields take typing once the app runs them: hydration would reset what was typed before.
  const ready = useHydrated();
  const form = useRegisterForm((m) => m.accountSchema, {
    defaultValues: values,
    errors: serverError ? { [serverError.field]: { type: 'server', message: serverError.message } } : undefined,
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as AccountValues))} noValidate aria-label="Account credentials" onFocus={loadSchemas}>
        <Stack>
          <TextField name="email" label="Email" type="email" autoComplete="email" autoCapitalize="none" required readOnly={!ready || undefined} />
          <NewPasswordFields readOnly={!ready || undefined} />
          <Nav />
        </Stack>
      </form>
    </FormProvider>
  );
}

export function PersonalPage({ values, onNext, onBack }: PageProps<PersonalValues>) {
  const form = useRegisterForm((m) => m.personalSchema, { defaultValues: values });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as PersonalValues))} noValidate aria-label="Personal data" onFocus={loadSchemas}>
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
  const form = useRegisterForm((m) => m.userTypeSchema, { defaultValues: values });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as UserTypeValues))} noValidate aria-label="User type" onFocus={loadSchemas}>
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
