import type { Handlers } from '@turnbook/service-kit';
import { register, type RegisterDeps } from './register';
import { verify, type VerifyDeps } from './verify';

export function registrationRoutes(d: RegisterDeps & VerifyDeps): Handlers {
  return {
    'POST register': ({ body, ip }) => register(d, body, ip),
    'POST verify': ({ body }) => verify(d, body),
  };
}
