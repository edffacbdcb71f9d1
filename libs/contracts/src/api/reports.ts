import * as r from '../schemas/reports';
import type { RouteSchemas } from './types';

/** Request and response schemas of the reports call, keyed like the route table. */
export const REPORTS_API = {
  'GET getReportByStoreIdAndRange/{storeId}': { params: r.ReportParams, query: r.ReportQuery, response: r.ReportResponse },
} as const satisfies Record<string, RouteSchemas>;
