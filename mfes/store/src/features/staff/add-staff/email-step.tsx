import { Stack, Text } from '@mantine/core';
import { FormProvider, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { accountEmailSchema, type AccountEmailValues } from '../add-staff-schemas';
import { serverErrors, type ServerError } from './add-staff-model';
import { WizardNav } from './wizard-nav';

/** Page 7 (Yes path): the email of the staff member's existing account. */
export function EmailStep({ values, error, onBack, onNext }: { values: AccountEmailValues; error: ServerError; onBack: () => void; onNext: (v: AccountEmailValues) => void }) {
  const form = useZodForm(accountEmailSchema, { defaultValues: values, errors: serverErrors(error, ['email']) });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as AccountEmailValues))} noValidate aria-label="Staff account email">
        <Stack>
          <Text>Enter the email the staff member signs in with.</Text>
          <TextField name="email" label="Email" type="email" autoComplete="off" autoCapitalize="none" required />
          <WizardNav onBack={onBack} />
        </Stack>
      </form>
    </FormProvider>
  );
}
