import {
  IdParams,
  PermalinkParams,
  StoreCreateBody,
  StorePatchBody,
  UserIdParams,
} from '@turnbook/contracts/schemas/scheduling';
import { handler, type ServiceParts } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { createStore } from './create-store';
import { allStores, publicStoreByPermalink, storeByPermalink, storesOwnedBy, storesWorkedAt } from './find-stores';
import { removeStore } from './remove-store';
import { updateStore } from './update-store';

export function storeRoutes(deps: Deps): ServiceParts['handlers'] {
  return {
    'POST store': handler({
      body: StoreCreateBody,
      handle: async (ctx) => {
        const store = await createStore(deps, ctx.caller, ctx.body);
        ctx.status(201);
        return { store };
      },
    }),
    'PATCH store/{id}': handler({
      params: IdParams,
      body: StorePatchBody,
      handle: async (ctx) => ({ store: await updateStore(deps, ctx.params.id, ctx.body) }),
    }),
    'GET removeStore/{id}': handler({ params: IdParams, handle: (ctx) => removeStore(deps, ctx.params.id) }),
    'GET getStoreByOwnerId/{userId}': handler({ params: UserIdParams, handle: (ctx) => storesOwnedBy(deps, ctx.params.userId) }),
    'GET getStoreByUserId/{userId}': handler({ params: UserIdParams, handle: (ctx) => storesWorkedAt(deps, ctx.params.userId) }),
    'GET getStoreByPermalink/{permalink}': handler({
      params: PermalinkParams,
      handle: (ctx) => storeByPermalink(deps, ctx, ctx.params.permalink),
    }),
    'GET public_getStoreByPermalink/{permalink}': handler({
      params: PermalinkParams,
      handle: (ctx) => publicStoreByPermalink(deps, ctx.params.permalink),
    }),
    'GET getAllStores': handler({ handle: () => allStores(deps) }),
  };
}
