import type { z } from 'zod';
import { AppError } from './errors';

/**
 * Parses input with its schema. The first problem becomes a 400 naming the field, e.g.
 * `email: must be an email address`. Unknown keys are dropped by the schemas (z.object strips).
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'params' | 'query'): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : where;
  const message = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  throw new AppError('validation', `${field}: ${message}`, field);
}
