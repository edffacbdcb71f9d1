import { Group, NativeSelect } from '@mantine/core';
// useFormContext from web-kit: react-hook-form is not a shared singleton, and the form provider is web-kit's.
import { TextField, useFormContext } from '@turnbook/web-kit/forms';
import { Controller } from 'react-hook-form';
import { US_STATES } from './store-model';

/** Street, Address 2, City, State (US codes incl. DC) and Zip, for the create wizard and store settings. */
export function AddressFields({ optionalHint = false }: { optionalHint?: boolean }) {
  return (
    <>
      <TextField name="street" label="Address 1" autoComplete="address-line1" required />
      <TextField name="address2" label={optionalHint ? 'Address 2 (optional)' : 'Address 2'} autoComplete="address-line2" />
      <TextField name="city" label="City" autoComplete="address-level2" required />
      <Group grow align="flex-start">
        <StateSelect />
        <TextField name="zip" label="Zip" inputMode="numeric" autoComplete="postal-code" maxLength={10} required />
      </Group>
    </>
  );
}

/** The State dropdown (US codes incl. DC) of the form around it, field `state`: store forms and the billing form. */
export function StateSelect() {
  const { control } = useFormContext<{ state: string }>();
  return (
    <Controller
      control={control}
      name="state"
      render={({ field, fieldState }) => (
        <NativeSelect
          label="State"
          required
          autoComplete="address-level1"
          data={[{ value: '', label: 'Choose…' }, ...US_STATES.map((s) => ({ value: s, label: s }))]}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
