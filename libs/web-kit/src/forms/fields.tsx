import { PasswordInput, Select, Textarea, TextInput, type PasswordInputProps, type SelectProps, type TextareaProps, type TextInputProps } from '@mantine/core';
import { formatPhone } from '@turnbook/domain/phone/phone';
import { useController, useFormContext } from 'react-hook-form';

type Named<P> = Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'error'> & { name: string; label: string };

// Fields read the form from react-hook-form's FormProvider, so a form is <FormProvider {...form}><form>…
// Each has a visible label (screen readers) and shows the schema's message under it.

export function TextField({ name, ...rest }: Named<TextInputProps>) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return <TextInput {...rest} {...field} value={field.value ?? ''} error={fieldState.error?.message} />;
}

export function PasswordField({ name, ...rest }: Named<PasswordInputProps>) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return <PasswordInput {...rest} {...field} value={field.value ?? ''} error={fieldState.error?.message} />;
}

export function TextareaField({ name, ...rest }: Named<TextareaProps>) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return <Textarea {...rest} {...field} value={field.value ?? ''} error={fieldState.error?.message} />;
}

export function SelectField({ name, ...rest }: Named<SelectProps>) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return <Select {...rest} value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />;
}

/** A US phone typed freely and shown as (XXX) XXX-XXXX while typing (doc 000 §5, doc 002 §5). */
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
