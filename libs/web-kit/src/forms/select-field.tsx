import { Select, type SelectProps } from '@mantine/core';
import { useFormField } from './use-form-field';
import type { Named } from './named';

export function SelectField({ name, ...rest }: Named<SelectProps>) {
  const { field, error } = useFormField(name);
  return <Select {...rest} value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
}
