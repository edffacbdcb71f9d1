import { identity } from '@turnbook/contracts';
import { handler } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { forgotPassword } from './forgot-password';
import { resetPassword, validateResetLink } from './reset-password';

export function passwordResetRoutes(d: Deps) {
  return {
    'POST forgotPassword': handler({ body: identity.ForgotPasswordBody, handle: ({ body }) => forgotPassword(d, body) }),
    'POST resetPasswordValidation': handler({
      body: identity.ResetPasswordValidationBody,
      handle: ({ body }) => validateResetLink(d, body),
    }),
    'POST resetPassword': handler({ body: identity.ResetPasswordBody, handle: ({ body }) => resetPassword(d, body) }),
  };
}
