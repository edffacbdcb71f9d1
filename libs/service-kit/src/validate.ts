import type { z } from 'zod';
import { MESSAGES } from '@turnbook/contracts';
import { AppError } from './errors';

/** The spec's own sentences (e.g. 'Customer name cannot be empty') are answered as they are, not as `field: ...`. */
const SPEC_MESSAGES = new Set<string>(Object.values(MESSAGES));

/**
 * Parses input with its schema. The first problem becomes a 400 naming the field, e.g.
 * `email: must be an email address`. Unknown keys are dropped by the schemas (z.object strips).
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'params' | 'query'): z.infer<S> {
  const nul = nulAt(value, []);
  if (nul) {
    const field = nul.length ? nul.join('.') : where;
    throw new AppError('validation', `${field}: must not contain a NUL character`, field);
  }
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : where;
  if (SPEC_MESSAGES.has(issue.message)) throw new AppError('validation', issue.message, field);
  // Zod does not keep the input in its issues, so look in the raw value: absent means "is required",
  // present but wrong keeps the schema's message (e.g. `id: must be a number` for "abc").
  const missing = (issue.code === 'invalid_type' || issue.code === 'invalid_union') && valueAt(value, issue.path) === undefined;
  throw new AppError('validation', `${field}: ${missing ? 'is required' : issue.message}`, field);
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let v = value;
  for (const key of path) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * Where a string (or a key) holds U+0000, if anywhere. No name, note or id has one, and PostgreSQL, under the
 * local database, cannot store it: the write failed as if the database were down (503) instead of a 400.
 */
function nulAt(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulAt(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}
