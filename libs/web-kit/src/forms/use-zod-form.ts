import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** react-hook-form validated by a zod schema; messages come from the schema (write the spec's texts there). */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onSubmit', reValidateMode: 'onChange', ...props, resolver: zodResolver(schema as never) as never });
}

/**
 * A resolver whose zod schema is imported on the first validation, for a first screen that should not wait
 * for zod (~22 KB gzip): `loadSchema` is a dynamic import, which the form may also start early (on focus).
 */
export function lazyZodResolver<V extends FieldValues>(loadSchema: () => Promise<z.ZodType>): Resolver<V> {
  return async (values, context, options) => (zodResolver((await loadSchema()) as never) as unknown as Resolver<V>)(values, context, options);
}
