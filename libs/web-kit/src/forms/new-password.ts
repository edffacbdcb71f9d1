import { MESSAGES } from '@turnbook/contracts/errors/index';
import { passwordProblem } from '@turnbook/domain/passwords/passwords';
import { z } from 'zod';

/**
 * A password being set (register, reset, change, the store's sign-in password): checked before submit as
 * the server checks it, at least 10 characters and not a common password. The common list loads the
 * first time it is needed, so pages do not download it up front.
 */
export const newPasswordSchema = (required?: string) =>
  z
    .string()
    .min(required ? 1 : 0, required)
    .superRefine(async (value, ctx) => {
      // Without `required`, an empty password is left to the form's own rule (the spec's "didn't match").
      if (!value && !required) return;
      const problem = await passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'tooShort' ? MESSAGES.passwordTooShort : MESSAGES.passwordTooCommon });
    });

/**
 * The confirmation rule of a password being set, for `.refine(...confirmedPassword('password', 'password_confirmation'))`:
 * the spec's "didn't match" on the confirmation when the two differ. `blank: 'mismatch'` also says it for an
 * empty password (register, reset: their password has no required message of its own); `blank: 'skip'` leaves
 * an empty confirmation to its own required message (My Account).
 */
export function confirmedPassword<P extends string, C extends string>(password: P, confirmation: C, blank?: 'mismatch' | 'skip') {
  const check = (v: Record<P | C, string>) => {
    if (blank === 'skip' && !v[confirmation]) return true;
    if (blank === 'mismatch' && !v[password]) return false;
    return v[password] === v[confirmation];
  };
  return [check, { path: [confirmation] as PropertyKey[], message: MESSAGES.passwordMismatch }] as const;
}
