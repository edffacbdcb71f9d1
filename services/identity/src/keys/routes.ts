import { handler } from '@turnbook/service-kit';
import type { Deps } from '../deps';

export function keyRoutes(d: Deps) {
  return {
    'GET .well-known/jwks.json': handler({
      handle: async ({ res }) => {
        // Short cache: other services refetch on an unknown kid anyway.
        res.set('Cache-Control', 'public, max-age=300');
        return d.keys.jwks();
      },
    }),
  };
}
