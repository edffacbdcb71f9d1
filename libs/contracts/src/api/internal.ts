import * as i from '../internal';
import { StaffAccountBody, StaffAccountResponse } from '../internal';
import { StoreAccountBody, SuccessTrue } from '../schemas/identity';
import { StoreIdParams } from '../schemas/scheduling';
import type { RouteSchemas } from './types';

/** Request and response schemas of the service-to-service calls (INTERNAL_ROUTES), keyed like the route table. */
export const INTERNAL_API = {
  'PUT internal/store-accounts/{storeId}': { params: StoreIdParams, body: StoreAccountBody, response: i.StoreAccountView },
  'DELETE internal/store-accounts/{storeId}': { params: StoreIdParams, response: SuccessTrue },
  'POST internal/users/by-ids': { body: i.UsersByIdsBody, response: i.UsersByIdsResponse },
  'POST internal/seed/users': { body: i.SeedUsersBody, response: i.SeedUsersResponse },
  'POST internal/users/by-email': { body: i.UserByEmailBody, response: i.UserByEmailResponse },
  'POST internal/staff-accounts': { body: StaffAccountBody, response: StaffAccountResponse, status: 201 },
  'GET internal/mails/{mailId}': { params: i.MailIdParams, response: i.MailContentResponse },
  'POST internal/texts': { body: i.SendTextBody, response: i.SendTextResponse, status: 201 },
  'POST internal/customers/by-ids': { body: i.CustomersByIdsBody, response: i.CustomersByIdsResponse },
  'POST internal/customers/walk-in': { body: i.WalkInCustomerBody, response: i.WalkInCustomerResponse },
  'POST internal/customers/visitor': { body: i.VisitorCustomerBody, response: i.WalkInCustomerResponse },
  'GET internal/online-requests/{id}/notice': { params: i.OnlineRequestIdParams, response: i.RequestNoticeResponse },
  'GET internal/stores/{storeId}/membership': { params: i.MembershipStoreParams, response: i.StoreMembershipResponse },
} as const satisfies Record<string, RouteSchemas>;
