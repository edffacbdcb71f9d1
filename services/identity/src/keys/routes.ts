import { reply, type Handlers } from '@turnbook/service-kit';
import type { SigningKeys } from './signing-keys';

export function keyRoutes(d: { keys: SigningKeys }): Handlers {
  return {
    // Short cache: other services refetch on an unknown kid anyway.
    'GET .well-known/jwks.json': async () => reply(d.keys.jwks(), 200, { 'Cache-Control': 'public, max-age=300' }),
  };
}
