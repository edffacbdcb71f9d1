import type { Handlers } from '@turnbook/service-kit';
import { register, type RegisterDeps } from './register';
import { resendVerification, type ResendVerificationDeps } from './resend-verification';
import { verify, type VerifyDeps } from './verify';

export function registrationRoutes(d: RegisterDeps & VerifyDeps & ResendVerificationDeps): Handlers {
  return {
    'POST register': ({ body, ip }) => register(d, body, ip),
    'POST verify': ({ body }) => verify(d, body),
    'POST resendVerification': ({ body, ip }) => resendVerification(d, body, ip),
  };
}
