import * as l from '../schemas/logs';
import type { RouteSchemas } from './types';

/** Request and response schemas of the activity log calls, keyed like the route table. */
export const LOGS_API = {
  'POST create-log': { body: l.CreateLogBody, response: l.LogResponse, status: 201 },
  'POST public_createLog': { body: l.PublicCreateLogBody, response: l.PublicLogResponse, status: 201 },
  'GET getStoreLogs/{storeId}': { params: l.StoreIdParams, response: l.LogsResponse },
  'GET getStoreLogsByAppointmentId/{id}': { params: l.AppointmentIdParams, response: l.LogsResponse },
  'POST markRead': { body: l.MarkReadBody, response: l.LogResponse },
} as const satisfies Record<string, RouteSchemas>;
