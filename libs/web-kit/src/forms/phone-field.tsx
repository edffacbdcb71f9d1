import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { useFormField } from './use-form-field';
import type { Named } from './named';

/** A US phone typed freely and shown as (XXX) XXX-XXXX while typing (docs/product/validation.md). */
export function PhoneField({ name, ...rest }: Named<TextInputProps>) {
  const { field, error } = useFormField(name);
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
      error={error}
    />
  );
}
