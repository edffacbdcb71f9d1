import { Stack } from '@mantine/core';
import { FormProvider, TextField, useZodForm } from '@turnbook/web-kit/forms';
import { nameSchema, type NameValues } from '../add-staff-schemas';
import { serverErrors, type ServerError } from './add-staff-model';
import { WizardNav } from './wizard-nav';

/** Page 4 (No path): who the new staff member is. */
export function NameStep({ values, error, onBack, onNext }: { values: NameValues; error: ServerError; onBack: () => void; onNext: (v: NameValues) => void }) {
  const form = useZodForm(nameSchema, { defaultValues: values, errors: serverErrors(error, ['fname', 'lname', 'nickname']) });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as NameValues))} noValidate aria-label="Staff name">
        <Stack>
          <TextField name="fname" label="First name" autoComplete="off" required />
          <TextField name="lname" label="Last name" autoComplete="off" />
          <TextField name="nickname" label="Nickname" description="Shown on the calendar; the first name when left empty." autoComplete="off" />
          <WizardNav onBack={onBack} />
        </Stack>
      </form>
    </FormProvider>
  );
}
