import * as f from '../schemas/franchise';
import { StoresResponse, UserIdParams } from '../schemas/scheduling';
import type { RouteSchemas } from './types';

/** The franchise calls: locations, managers and the consolidated report (docs/product/roles.md, reports.md). */
export const FRANCHISE_API = {
  'GET getFranchiseLocations/{userId}': { params: UserIdParams, response: StoresResponse },
  'GET getStoreManagers/{storeId}': { params: f.StoreManagerParams, response: f.StoreManagersResponse },
  'POST storeManager/{storeId}': { params: f.StoreManagerParams, body: f.GrantManagerBody, response: f.StoreManagersResponse },
  'DELETE storeManager/{storeId}/{userId}': { params: f.StoreManagerUserParams, response: f.StoreManagersResponse },
  'GET getFranchiseReport': { query: f.FranchiseReportQuery, response: f.FranchiseReportResponse },
} as const satisfies Record<string, RouteSchemas>;
