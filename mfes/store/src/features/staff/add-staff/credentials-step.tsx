import { Stack } from '@mantine/core';
import { FormProvider, NewPasswordFields, TextField, useWatch, useZodForm } from '@turnbook/web-kit/forms';
import { credentialsSchema, type CredentialsValues } from '../add-staff-schemas';
import { serverErrors, type ServerError } from './add-staff-model';
import { WizardNav } from './wizard-nav';

/** Page 3 (No path): the staff member's own email and password; Next waits until all three are filled. */
export function CredentialsStep({ values, error, onBack, onNext }: { values: CredentialsValues; error: ServerError; onBack: () => void; onNext: (v: CredentialsValues) => void }) {
  const form = useZodForm(credentialsSchema, { defaultValues: values, errors: serverErrors(error, ['email', 'password']) });
  const [email, password, confirmation] = useWatch({ control: form.control, name: ['email', 'password', 'password_confirmation'] });
  const filled = Boolean(email?.trim() && password && confirmation);
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as CredentialsValues))} noValidate aria-label="Staff email and password">
        <Stack>
          <TextField name="email" label="Email" type="email" autoComplete="off" autoCapitalize="none" required />
          <NewPasswordFields />
          <WizardNav onBack={onBack} disabled={!filled} />
        </Stack>
      </form>
    </FormProvider>
  );
}
