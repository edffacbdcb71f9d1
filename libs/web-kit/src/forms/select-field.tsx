import { Select, type SelectProps } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';
import type { Named } from './named';

export function SelectField({ name, ...rest }: Named<SelectProps>) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return <Select {...rest} value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}
