import type { Handlers } from '@turnbook/service-kit';
import { createStore, type CreateStoreDeps } from './create-store';
import { allStores, memberStoreView, publicStoreByPermalink, storesOwnedBy, storesWorkedAt, type FindStoresDeps } from './find-stores';
import { kioskManifest } from './kiosk-manifest';
import { removeStore, type RemoveStoreDeps } from './remove-store';
import { updateStore, type UpdateStoreDeps } from './update-store';

export type StoreRoutesDeps = CreateStoreDeps & UpdateStoreDeps & RemoveStoreDeps & FindStoresDeps;

export function storeRoutes(deps: StoreRoutesDeps): Handlers {
  return {
    // The router admits only professionals (and the super admin), who always have a user id.
    'POST store': async ({ caller, body }) => ({ store: await createStore(deps, caller!.userId!, body) }),
    'PATCH store/{id}': async ({ params, body }) => ({ store: await updateStore(deps, params.id, body) }),
    'GET removeStore/{id}': ({ params }) => removeStore(deps, params.id),
    'GET getStoreByOwnerId/{userId}': ({ params }) => storesOwnedBy(deps, params.userId),
    'GET getStoreByUserId/{userId}': ({ params }) => storesWorkedAt(deps, params.userId),
    'GET getStoreByPermalink/{permalink}': async ({ record, access }) => memberStoreView(record, access!),
    'GET public_getStoreByPermalink/{permalink}': ({ params }) => publicStoreByPermalink(deps, params.permalink),
    'GET public_getKioskManifest/{permalink}': ({ params }) => kioskManifest(deps, params.permalink),
    'GET getAllStores': () => allStores(deps),
  };
}
