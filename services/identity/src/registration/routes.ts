import { identity } from '@turnbook/contracts';
import { handler } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { register } from './register';
import { verify } from './verify';

export function registrationRoutes(d: Deps) {
  return {
    'POST register': handler({
      body: identity.RegisterBody,
      handle: async ({ body, status }) => {
        const result = await register(d, body);
        status(201);
        return result;
      },
    }),
    'POST verify': handler({ body: identity.VerifyBody, handle: ({ body }) => verify(d, body) }),
  };
}
