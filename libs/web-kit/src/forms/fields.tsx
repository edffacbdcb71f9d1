import { PasswordInput, Textarea, TextInput, type PasswordInputProps, type TextareaProps, type TextInputProps } from '@mantine/core';
import { useFormField } from './use-form-field';
import type { Named } from './named';

// Fields read the form from react-hook-form's FormProvider, so a form is <FormProvider {...form}><form>…
// Each has a visible label (screen readers) and shows the schema's message under it. Select and phone fields
// live in their own files so a page without them does not download Mantine's combobox or the phone formatter.

export function TextField({ name, ...rest }: Named<TextInputProps>) {
  const { field, error } = useFormField(name);
  return <TextInput {...rest} {...field} value={field.value ?? ''} error={error} />;
}

export function PasswordField({ name, ...rest }: Named<PasswordInputProps>) {
  const { field, error } = useFormField(name);
  return <PasswordInput {...rest} {...field} value={field.value ?? ''} error={error} />;
}

export function TextareaField({ name, ...rest }: Named<TextareaProps>) {
  const { field, error } = useFormField(name);
  return <Textarea {...rest} {...field} value={field.value ?? ''} error={error} />;
}
