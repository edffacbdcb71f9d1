import type { StoreRule } from '@turnbook/domain';
import type { ServiceName } from './services';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. Store rules (see @turnbook/domain roles) are checked against the store named by
 * `store`; the rest are about the caller alone.
 * - public: no token needed; optional: a token is read when present (e.g. POST customer from booking)
 * - authenticated: any valid token; self: the {id|userId} in the path (or body.id) is the caller, or super admin
 * - superAdmin: platform super admin only; customer: a customer token, scoped to the customer's own phone
 * - internal: service-to-service with the internal token, never exposed by the gateway
 * - webhook: called by Stripe/Twilio, authenticated by signature
 */
export type Access = 'public' | 'optional' | 'authenticated' | 'self' | 'superAdmin' | 'customer' | 'internal' | 'webhook' | StoreRule;

/**
 * Where the store id of a store-scoped route comes from: a path param, a body field, a query field, or
 * 'resource' when the use case must load the record (appointment, service, ...) to learn its store.
 */
export type StoreSource = `params.${string}` | `body.${string}` | `query.${string}` | 'resource';

export interface RouteDef {
  method: HttpMethod;
  /** Path under /api/ exactly as the spec writes it, with {param} placeholders. */
  path: string;
  owner: ServiceName;
  access: Access;
  store?: StoreSource;
}

/** Every call the spec names (shared/spec/calls.txt), with its owner and access rule. */
export const SPEC_ROUTES = [
  { method: 'POST', path: 'login', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'storeLogin', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'register', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'verify', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'forgotPassword', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'resetPasswordValidation', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'resetPassword', owner: 'identity', access: 'public' },
  { method: 'GET', path: 'user/{id}', owner: 'identity', access: 'self' },
  { method: 'PATCH', path: 'user/{id}', owner: 'identity', access: 'self' },
  { method: 'GET', path: 'getUserById/{userId}', owner: 'identity', access: 'self' },
  { method: 'POST', path: 'userResetPassword', owner: 'identity', access: 'self' },
  { method: 'POST', path: 'uploadProfilePicture/{userId}/{orientation}', owner: 'identity', access: 'self' },
  { method: 'GET', path: 'getAllUsers', owner: 'identity', access: 'superAdmin' },
  { method: 'POST', path: 'storeResetPassword', owner: 'identity', access: 'storeOwner', store: 'body.storeId' },
  { method: 'GET', path: 'getSettings', owner: 'identity', access: 'authenticated' },
  { method: 'POST', path: 'updateVersion', owner: 'identity', access: 'superAdmin' },
  { method: 'GET', path: 'getSetting/staff/{userId}', owner: 'identity', access: 'self' },
  { method: 'GET', path: 'getSetting/store/{storeId}', owner: 'identity', access: 'storeMember', store: 'params.storeId' },
  { method: 'POST', path: 'updateSetting/staff/{userId}', owner: 'identity', access: 'self' },
  { method: 'POST', path: 'updateSetting/store/{storeId}', owner: 'identity', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getStoreByOwnerId/{userId}', owner: 'scheduling', access: 'self' },
  { method: 'GET', path: 'getStoreByUserId/{userId}', owner: 'scheduling', access: 'self' },
  { method: 'GET', path: 'getStoreByPermalink/{permalink}', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'GET', path: 'public_getStoreByPermalink/{permalink}', owner: 'scheduling', access: 'public' },
  { method: 'GET', path: 'getAllStores', owner: 'scheduling', access: 'superAdmin' },
  { method: 'POST', path: 'store', owner: 'scheduling', access: 'authenticated' },
  { method: 'PATCH', path: 'store/{id}', owner: 'scheduling', access: 'storeOwner', store: 'params.id' },
  { method: 'GET', path: 'removeStore/{id}', owner: 'scheduling', access: 'storeOwner', store: 'params.id' },
  { method: 'GET', path: 'getServicesByStoreId/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getExternalServicesByStoreId/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'public_getExternalServicesByStoreId/{storeId}', owner: 'scheduling', access: 'public' },
  { method: 'GET', path: 'service/{id}', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'POST', path: 'service', owner: 'scheduling', access: 'storeOwner', store: 'body.storeId' },
  { method: 'PATCH', path: 'service/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'DELETE', path: 'service/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'POST', path: 'updateServiceSortIndex/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'GET', path: 'getStaffsByStoreId/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getStaffsByUserId/{userId}/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getStaffsByEmployeeId/{id}', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'GET', path: 'getStaffsArchiveByStoreId/{storeId}', owner: 'scheduling', access: 'storeOwner', store: 'params.storeId' },
  { method: 'GET', path: 'public_getStaffsByStoreId/{storeId}', owner: 'scheduling', access: 'public' },
  { method: 'POST', path: 'staff', owner: 'scheduling', access: 'storeOwner', store: 'body.storeId' },
  { method: 'POST', path: 'updateEmployeeSortIndex/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'GET', path: 'restoreEmployee/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'GET', path: 'removeEmployee/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'POST', path: 'updateEmployeeRole/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'POST', path: 'updateEmployeeOnlineBooking/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'POST', path: 'updateEmployeePIN/{id}', owner: 'scheduling', access: 'storeOwner', store: 'resource' },
  { method: 'POST', path: 'updateEmployeeSchedule/{id}', owner: 'scheduling', access: 'storeOwnerOrAdmin', store: 'resource' },
  { method: 'GET', path: 'getPTOByEmployeeId/{id}', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'POST', path: 'appointment', owner: 'scheduling', access: 'storeNotLimited', store: 'body.storeId' },
  { method: 'PATCH', path: 'appointment/{id}', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'DELETE', path: 'appointment/{id}', owner: 'scheduling', access: 'storeManager', store: 'resource' },
  { method: 'GET', path: 'getAppointmentsById/{id}', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'GET', path: 'getAppointmentsByStoreId/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsByStoreIdAndDate/{storeId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsByStoreIdAndEmployeeId/{storeId}/{staffId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsByStoreIdAndCustomerId/{storeId}/{customerId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsByStoreIdAndType/{type}/{storeId}/{value}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsOnlineByStoreId/{storeId}', owner: 'scheduling', access: 'storeManager', store: 'params.storeId' },
  { method: 'GET', path: 'removeAppointment/{id}', owner: 'scheduling', access: 'storeManager', store: 'resource' },
  { method: 'GET', path: 'cancelAppointment/{id}', owner: 'scheduling', access: 'storeNotLimited', store: 'resource' },
  { method: 'GET', path: 'approveAppointment/{id}/{phone}', owner: 'scheduling', access: 'storeNotLimited', store: 'resource' },
  { method: 'POST', path: 'migrateAppointments', owner: 'scheduling', access: 'superAdmin' },
  { method: 'GET', path: 'public_getAppointmentsByStoreIdAndDate/{storeId}/{date}', owner: 'scheduling', access: 'public' },
  { method: 'POST', path: 'public_bookAppointmentOnline', owner: 'scheduling', access: 'public' },
  { method: 'GET', path: 'public_getAppointmentsByCustomerPhoneNumber/{phone}', owner: 'scheduling', access: 'customer' },
  { method: 'GET', path: 'public_getAppointmentById/{id}', owner: 'scheduling', access: 'customer' },
  { method: 'POST', path: 'public_updateAppointmentOnline', owner: 'scheduling', access: 'customer' },
  { method: 'GET', path: 'cancelOnlineAppointment/{id}', owner: 'scheduling', access: 'customer' },
  { method: 'POST', path: 'createTurn', owner: 'scheduling', access: 'storeMember', store: 'body.storeId' },
  { method: 'POST', path: 'updateTurn', owner: 'scheduling', access: 'storeManager', store: 'resource' },
  { method: 'GET', path: 'getTurnsByStoreIdAndDate/{storeId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'POST', path: 'sheet', owner: 'scheduling', access: 'storeMember', store: 'body.storeId' },
  { method: 'GET', path: 'sheet/{id}', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'PATCH', path: 'sheet/{id}', owner: 'scheduling', access: 'storeNotLimited', store: 'resource' },
  { method: 'GET', path: 'getSheetsByStoreId/{storeId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getSheetByPhoneNumber/{storeId}/{phone}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'POST', path: 'create-log', owner: 'scheduling', access: 'storeMember', store: 'body.storeId' },
  { method: 'POST', path: 'public_createLog', owner: 'scheduling', access: 'public' },
  { method: 'GET', path: 'getStoreLogs/{storeId}', owner: 'scheduling', access: 'storeOwnerOrSuper', store: 'params.storeId' },
  { method: 'GET', path: 'getStoreLogsByAppointmentId/{id}', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'POST', path: 'markRead', owner: 'scheduling', access: 'storeMember', store: 'resource' },
  { method: 'GET', path: 'getCustomersByStoreId/{storeId}', owner: 'customers', access: 'storeMember', store: 'params.storeId' },
  { method: 'POST', path: 'customer', owner: 'customers', access: 'optional', store: 'body.storeId' },
  { method: 'GET', path: 'customer/{id}', owner: 'customers', access: 'storeMember', store: 'resource' },
  { method: 'PATCH', path: 'customer/{id}', owner: 'customers', access: 'storeNotLimited', store: 'resource' },
  { method: 'DELETE', path: 'customer/{id}', owner: 'customers', access: 'storeOwner', store: 'resource' },
  { method: 'GET', path: 'searchCustomer/{storeId}/{key}', owner: 'customers', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}', owner: 'customers', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'searchCustomerById/{storeId}/{id}', owner: 'customers', access: 'storeMember', store: 'params.storeId' },
  { method: 'POST', path: 'mergeCustomers', owner: 'customers', access: 'storeOwner', store: 'resource' },
  { method: 'GET', path: 'public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}', owner: 'customers', access: 'public' },
  { method: 'GET', path: 'getAllPlans', owner: 'billing', access: 'authenticated' },
  { method: 'GET', path: 'getPackageByStoreId/{storeId}', owner: 'billing', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getInvoicesByStoreId/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'GET', path: 'getPMByStoreId/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'POST', path: 'setDefaultPMByStoreId/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'POST', path: 'subscribe/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'GET', path: 'getAllSub', owner: 'billing', access: 'superAdmin' },
  { method: 'GET', path: 'getMerchantTransactions/{dayStartMillis}', owner: 'billing', access: 'storeOwnerOrSuper', store: 'query.storeId' },
  { method: 'POST', path: 'sendSMS', owner: 'messaging', access: 'storeNotLimited', store: 'body.storeId' },
  { method: 'POST', path: 'sendSMSReminderBulk', owner: 'messaging', access: 'storeOwner', store: 'body.storeId' },
  { method: 'GET', path: 'getAllMessagesByStorePhoneNumber', owner: 'messaging', access: 'storeManager', store: 'query.storeId' },
] as const satisfies readonly RouteDef[];

/** Our own calls that the spec does not name. */
export const EXTRA_ROUTES = [
  { method: 'GET', path: '.well-known/jwks.json', owner: 'identity', access: 'public' },
  { method: 'GET', path: 'availability/{storeId}/{date}', owner: 'scheduling', access: 'public' },
  { method: 'POST', path: 'webhooks/stripe', owner: 'billing', access: 'webhook' },
  { method: 'POST', path: 'webhooks/twilio', owner: 'messaging', access: 'webhook' },
  { method: 'GET', path: 'profile-pictures/{file}', owner: 'identity', access: 'public' },
] as const satisfies readonly RouteDef[];

export const ROUTES: readonly RouteDef[] = [...SPEC_ROUTES, ...EXTRA_ROUTES];

type AnyRoute = (typeof SPEC_ROUTES)[number] | (typeof EXTRA_ROUTES)[number];
/** A route's key, e.g. 'POST login' or 'GET user/{id}'. */
export type RouteKey = `${AnyRoute['method']} ${AnyRoute['path']}`;

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

const byKey = new Map(ROUTES.map((r) => [routeKey(r), r]));

export function routeOf(key: RouteKey): RouteDef {
  const r = byKey.get(key);
  if (!r) throw new Error(`unknown route ${key}`);
  return r;
}

/** Names of the {placeholders} of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** '/api/user/42' from 'GET user/{id}' and {id: 42}. Params are URI-encoded. */
export function buildPath(key: RouteKey, params: Record<string, string | number> = {}): string {
  const { path } = routeOf(key);
  return '/api/' + path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new Error(`missing path param ${name} for ${key}`);
    return encodeURIComponent(String(v));
  });
}

/** Express path for a route: 'user/{id}' becomes '/api/user/:id'. */
export function expressPath(path: string): string {
  return '/api/' + path.replace(/\{(\w+)\}/g, ':$1');
}

export function routesOwnedBy(owner: ServiceName): readonly RouteDef[] {
  return ROUTES.filter((r) => r.owner === owner);
}
