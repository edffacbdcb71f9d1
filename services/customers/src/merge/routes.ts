import { customers as api, type RouteKey } from '@turnbook/contracts';
import { handler, type RouteHandler } from '@turnbook/service-kit';
import type { Features } from '../features';

export function mergeRoutes(f: Features): Partial<Record<RouteKey, RouteHandler<any, any, any>>> {
  return {
    // Store owner of both customers' store (route access 'storeOwner', store 'resource').
    'POST mergeCustomers': handler({
      body: api.MergeCustomersBody,
      handle: async (ctx) => {
        await f.merge.merge(ctx.body.source, ctx.body.dest, (s) => ctx.authorizeStore(s, 'storeOwner'));
        return { success: true };
      },
    }),
  };
}
