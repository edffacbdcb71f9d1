import type { Handlers } from '@turnbook/service-kit';
import { allSubscriptions } from './all-subscriptions';
import { packageOfStore, type PackagesDeps } from './packages';

export function packageRoutes(deps: PackagesDeps): Handlers {
  return {
    'GET getPackageByStoreId/{storeId}': async ({ params }) => {
      const { free: _free, ...view } = await packageOfStore(deps, params.storeId);
      return view;
    },
    'GET getAllSub': () => allSubscriptions(deps),
  };
}
