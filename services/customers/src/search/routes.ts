import { customers as api, type RouteKey } from '@turnbook/contracts';
import { handler, type HandlerContext, type RouteHandler } from '@turnbook/service-kit';
import type { CustomerDoc } from '../customers/repository';
import type { Features } from '../features';

/** Answers a store's customers and reports the server time spent (Server-Timing, read by the benchmark). */
async function answer(f: Features, ctx: HandlerContext, storeId: number, find: () => Promise<CustomerDoc[]>) {
  const started = process.hrtime.bigint();
  const customers = await f.present.many(storeId, await find());
  const now = process.hrtime.bigint();
  const ms = (from: bigint) => (Number(now - from) / 1e6).toFixed(2);
  const arrived = (ctx.res.locals.startedAt as bigint | undefined) ?? started;
  // total: from arrival (incl. token and store checks); search: finding and shaping the customers.
  ctx.res.setHeader('Server-Timing', `total;dur=${ms(arrived)}, search;dur=${ms(started)}`);
  return { customers };
}

export function searchRoutes(f: Features): Partial<Record<RouteKey, RouteHandler<any, any, any>>> {
  return {
    'GET searchCustomer/{storeId}/{key}': handler({
      params: api.SearchKeyParams,
      handle: (ctx) => answer(f, ctx, ctx.params.storeId, () => f.search.byKey(ctx.params.storeId, ctx.params.key)),
    }),
    'GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}': handler({
      params: api.SearchNameAndPhoneParams,
      handle: (ctx) => answer(f, ctx, ctx.params.storeId, () => f.search.byNameAndPhone(ctx.params.storeId, ctx.params)),
    }),
    'GET searchCustomerById/{storeId}/{id}': handler({
      params: api.SearchByIdParams,
      handle: (ctx) => answer(f, ctx, ctx.params.storeId, () => f.search.byId(ctx.params.storeId, ctx.params.id)),
    }),
  };
}
