import { useController, useFormContext } from 'react-hook-form';

/**
 * A field of the surrounding form, whose shown error clears as soon as its value is valid. react-hook-form
 * re-validates on change only after a submit (handleSubmit); forms checked page by page with trigger() (the
 * booking and store wizards) would keep the message under a corrected value until the next Next.
 */
export function useFormField(name: string) {
  const { control, trigger } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const onChange = (value: unknown) => {
    field.onChange(value);
    if (fieldState.error) void trigger(name);
  };
  return { field: { ...field, onChange }, error: fieldState.error?.message };
}
