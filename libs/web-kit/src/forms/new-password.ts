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
