import type { Handlers } from '@turnbook/service-kit';
import type { StoreRepository } from '../stores/repository';
import { franchiseReport, type FranchiseReportDeps } from './franchise-report';
import { franchiseLocations } from './locations';
import { grantManager, listManagers, revokeManager, type ManagersDeps } from './managers';

export type FranchiseDeps = FranchiseReportDeps & ManagersDeps & { stores: Pick<StoreRepository, 'ownedOrManagedBy'> };

/** One owner, many locations: the switcher's list, the grants of franchise managers, the consolidated report. */
export function franchiseRoutes(deps: FranchiseDeps): Handlers {
  return {
    'GET getFranchiseLocations/{userId}': ({ params }) => franchiseLocations(deps.stores, params.userId),
    'GET getStoreManagers/{storeId}': ({ params }) => listManagers(deps, params.storeId),
    'POST storeManager/{storeId}': ({ params, body }) => grantManager(deps, params.storeId, body.email),
    'DELETE storeManager/{storeId}/{userId}': ({ params }) => revokeManager(deps, params.storeId, params.userId),
    'GET getFranchiseReport': ({ query, receivedAt }) => franchiseReport(deps, query, receivedAt),
  };
}
