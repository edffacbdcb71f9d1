import { customers as api, type RouteKey } from '@turnbook/contracts';
import { badRequest, handler, parse, type RouteHandler } from '@turnbook/service-kit';
import type { Features } from '../features';

/** The spec's message for a blank first name, checked before the rest of the body. */
function checkFname(body: unknown, required: boolean): void {
  const fname = (body as { fname?: unknown } | undefined)?.fname;
  const blank = fname === undefined || fname === null ? required : typeof fname === 'string' && !fname.trim();
  if (blank) throw badRequest('fname', api.CUSTOMER_NAME_REQUIRED);
}

export function customerRoutes(f: Features): Partial<Record<RouteKey, RouteHandler<any, any, any>>> {
  return {
    'GET getCustomersByStoreId/{storeId}': handler({
      params: api.StoreIdParams,
      handle: async ({ params }) => ({ customers: await f.present.many(params.storeId, await f.search.all(params.storeId)) }),
    }),

    // Access 'optional': staff create freely; anyone else only creates-or-finds by phone and gets the id.
    'POST customer': handler({
      handle: async (ctx) => {
        checkFname(ctx.req.body, true);
        const body = parse(api.CreateCustomerBody, ctx.req.body, 'body');
        if ((await f.stores.createPath(ctx.caller, body.storeId)) === 'staff') {
          const c = await f.create.byStaff(body);
          ctx.status(201);
          return { customer: await f.present.one(c) };
        }
        const { id, created } = await f.create.byPublic(body);
        ctx.status(created ? 201 : 200);
        return { customer: { id } };
      },
    }),

    'GET customer/{id}': handler({
      params: api.CustomerIdParams,
      handle: async (ctx) => ({ customer: await f.present.one(await f.manage.get(ctx.params.id, (s) => ctx.authorizeStore(s))) }),
    }),

    // Owner, admins and superadmins (staff and platform); see the README for why not plain staff.
    'PATCH customer/{id}': handler({
      params: api.CustomerIdParams,
      handle: async (ctx) => {
        checkFname(ctx.req.body, false);
        const body = parse(api.UpdateCustomerBody, ctx.req.body, 'body');
        const c = await f.manage.update(ctx.params.id, body, (s) => ctx.authorizeStore(s, 'storeManager'));
        return { customer: await f.present.one(c) };
      },
    }),

    'DELETE customer/{id}': handler({
      params: api.CustomerIdParams,
      handle: async (ctx) => {
        await f.manage.delete(ctx.params.id, (s) => ctx.authorizeStore(s, 'storeOwner'));
        return { success: true };
      },
    }),
  };
}
