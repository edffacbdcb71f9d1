import { Stack, Text } from '@mantine/core';
import { FormProvider, PasswordField, useZodForm } from '@turnbook/web-kit/forms';
import { FreeTierWarning } from '../free-tier-warning';
import { pinSchema, type PinValues } from '../add-staff-schemas';
import { serverErrors, type ServerError } from './add-staff-model';
import { WizardNav } from './wizard-nav';

/** Pages 6 and 8, the last of each path: an optional PIN, and the Create button. */
export function PinStep({ values, error, submit, loading, onBack, onNext }: { values: PinValues; error: ServerError; submit: string; loading: boolean; onBack: () => void; onNext: (v: PinValues) => void }) {
  const form = useZodForm(pinSchema, { defaultValues: values, errors: serverErrors(error, ['PIN']) });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((v) => onNext(v as PinValues))} noValidate aria-label="Staff PIN">
        <Stack>
          <Text>A PIN (4 to 8 digits) lets the staff member check in at the front desk. You can leave it empty.</Text>
          <PasswordField name="PIN" label="PIN" inputMode="numeric" autoComplete="off" maxLength={8} />
          <PasswordField name="PIN_confirmation" label="Confirm PIN" inputMode="numeric" autoComplete="off" maxLength={8} />
          <FreeTierWarning />
          <WizardNav onBack={onBack} next={submit} loading={loading} />
        </Stack>
      </form>
    </FormProvider>
  );
}
