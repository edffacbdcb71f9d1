import type { Handlers } from '@turnbook/service-kit';
import { forgotPassword, type ForgotPasswordDeps } from './forgot-password';
import { resetPassword, type ResetPasswordDeps } from './reset-password';
import { validateResetLink } from './validate-reset-link';

export function passwordResetRoutes(d: ForgotPasswordDeps & ResetPasswordDeps): Handlers {
  return {
    'POST forgotPassword': ({ body, ip }) => forgotPassword(d, body, ip),
    'POST resetPasswordValidation': ({ body }) => validateResetLink(d, body),
    'POST resetPassword': ({ body }) => resetPassword(d, body),
  };
}
