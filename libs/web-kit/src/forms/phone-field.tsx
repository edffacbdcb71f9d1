import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { useController, useFormContext } from 'react-hook-form';
import type { Named } from './named';

/** A US phone typed freely and shown as (XXX) XXX-XXXX while typing (docs/product/validation.md). */
export function PhoneField({ name, ...rest }: Named<TextInputProps>) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 555-5555"
      maxLength={14}
      {...rest}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(formatPhone(e.currentTarget.value))}
      error={fieldState.error?.message}
    />
  );
}
