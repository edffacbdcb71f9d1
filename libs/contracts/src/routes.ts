import type { PolicyName, StoreRule } from '@turnbook/domain';
import type { ServiceName } from './services';
import type { ErrorCode, MESSAGES } from './errors';
import { baseOf, fillPath } from './route-path';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. Store rules (see @turnbook/domain roles) are checked against the store named by
 * `store`; the rest are about the caller alone.
 * - public: no token needed; optional: a token is read when present (e.g. POST customer from booking)
 * - authenticated: any valid token but a kiosk's; self: the {id|userId} in the path (or body.id) is the caller, or super admin
 * - superAdmin: platform super admin only; customer: a customer token, scoped to the customer's own phone
 * - professional: a user signed in as a professional (or the super admin): not a customer, not a store login
 * - internal: service-to-service with the internal token, never exposed by the gateway
 * - webhook: called by Stripe/Twilio, authenticated by signature
 */
export type Access = 'public' | 'optional' | 'authenticated' | 'professional' | 'self' | 'superAdmin' | 'customer' | 'internal' | 'webhook' | StoreRule;

/** Where a value of the request comes from: a path param, a body field or a query field. */
export type InputSource = `params.${string}` | `body.${string}` | `query.${string}`;

/**
 * Where the store id of a store-scoped route comes from: an input field, or 'record' when the route acts on
 * one record (an appointment, a service, ...) whose store decides. The router then loads the record with
 * the service's loader for `record.kind`, checks the rule against the record's store and hands the record
 * to the use case.
 */
export type StoreSource = InputSource | 'record';

/** The kinds of record a route can be about; each owning service registers a loader per kind it uses. */
export type RecordKind = 'storeByPermalink' | 'service' | 'staff' | 'appointment' | 'turn' | 'sheet' | 'log' | 'customer' | 'storeAccount' | 'invitation';

/** The kinds whose ids are strings (a permalink, an invitation's uuid); every other kind's id is a number. */
export type StringIdKind = 'storeByPermalink' | 'invitation';
export const STRING_ID_KINDS: ReadonlySet<RecordKind> = new Set<StringIdKind>(['storeByPermalink', 'invitation']);

export interface RecordRef {
  kind: RecordKind;
  /** Where the record's id is; several when the call touches several records (all must pass the rule). */
  from: InputSource | readonly InputSource[];
  /** The call may leave the id out (a text about no appointment): then it acts on no record. */
  optional?: true;
}


export interface RouteDef {
  method: HttpMethod;
  /**
   * Path under /api/ exactly as the spec writes it, with {param} placeholders; an internal call's path
   * starts with 'internal/' and is served under /internal/ (INTERNAL_ROUTES).
   */
  path: string;
  owner: ServiceName;
  access: Access;
  store?: StoreSource;
  /**
   * The record the route acts on. With `store: 'record'` its store is the one checked; with a store named by
   * the input, the record is loaded once the rule, the parsing and the policy passed, and must be of that
   * store: another store's answers as a missing one (`missing`), so a refusal reveals nothing.
   */
  record?: RecordRef;
  /** A rule on top of `access` that needs the loaded record or the parsed body (@turnbook/domain POLICIES). */
  policy?: PolicyName;
  /**
   * What a refused policy answers when the screens name the refusal: that code with that message (else 403
   * forbidden). With code notFound, a missing record answers the same, so a refusal reveals nothing.
   */
  refusal?: { code: ErrorCode; message: keyof typeof MESSAGES };
  /** What a missing record answers: 404 notFound with this message (else 'Not found'). */
  missing?: keyof typeof MESSAGES;
  /**
   * `store` names a comma-separated list of store ids: the rule is checked on each (a consolidated read
   * across stores), and the first that fails answers as a single store would (404 or 403).
   */
  storeList?: boolean;
  /**
   * The call takes an `Idempotency-Key` header (a uuid): a retry with the same key from the same caller
   * answers the first answer and writes nothing new (service-kit's idempotency layer).
   */
  idempotent?: boolean;
}

/** A customer's call on one of their appointments: loaded by the router, someone else's answers as a missing one. */
const CUSTOMERS_OWN = (from: 'params.id' | 'body.id') => ({
  record: { kind: 'appointment', from },
  policy: 'customersOwnAppointment',
  refusal: { code: 'notFound', message: 'appointmentNotFound' },
}) as const;

/** A staff invitation is read and accepted by the person it was sent to; anyone else is told so by name. */
const INVITED_PERSON = {
  record: { kind: 'invitation', from: 'params.id' },
  policy: 'invitedPerson',
  refusal: { code: 'invitationNotForYou', message: 'invitationNotForYou' },
  missing: 'invitationNotFound',
} as const;

/** Every call the product's spec names (spec-calls.txt beside this file), with its owner and access rule. */
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
  { method: 'POST', path: 'storeResetPassword', owner: 'identity', access: 'storeOwner', store: 'record', record: { kind: 'storeAccount', from: 'body.storeId' }, policy: 'ownStoreAccount' },
  { method: 'GET', path: 'getSettings', owner: 'identity', access: 'authenticated' },
  { method: 'POST', path: 'updateVersion', owner: 'identity', access: 'superAdmin' },
  { method: 'GET', path: 'getSetting/staff/{userId}', owner: 'identity', access: 'self' },
  { method: 'GET', path: 'getSetting/store/{storeId}', owner: 'identity', access: 'storeMember', store: 'params.storeId' },
  { method: 'POST', path: 'updateSetting/staff/{userId}', owner: 'identity', access: 'self' },
  { method: 'POST', path: 'updateSetting/store/{storeId}', owner: 'identity', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getStoreByOwnerId/{userId}', owner: 'scheduling', access: 'self' },
  { method: 'GET', path: 'getStoreByUserId/{userId}', owner: 'scheduling', access: 'self' },
  { method: 'GET', path: 'getStoreByPermalink/{permalink}', owner: 'scheduling', access: 'storeMember', store: 'record', record: { kind: 'storeByPermalink', from: 'params.permalink' } },
  { method: 'GET', path: 'public_getStoreByPermalink/{permalink}', owner: 'scheduling', access: 'public' },
  { method: 'GET', path: 'getAllStores', owner: 'scheduling', access: 'superAdmin' },
  { method: 'POST', path: 'store', owner: 'scheduling', access: 'professional' },
  { method: 'PATCH', path: 'store/{id}', owner: 'scheduling', access: 'storeOwner', store: 'params.id' },
  { method: 'GET', path: 'removeStore/{id}', owner: 'scheduling', access: 'storeOwner', store: 'params.id' },
  { method: 'GET', path: 'getServicesByStoreId/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getExternalServicesByStoreId/{storeId}', owner: 'scheduling', access: 'storeKiosk', store: 'params.storeId' },
  { method: 'GET', path: 'public_getExternalServicesByStoreId/{storeId}', owner: 'scheduling', access: 'public' },
  { method: 'GET', path: 'service/{id}', owner: 'scheduling', access: 'storeMember', store: 'record', record: { kind: 'service', from: 'params.id' } },
  { method: 'POST', path: 'service', owner: 'scheduling', access: 'storeOwner', store: 'body.storeId' },
  { method: 'PATCH', path: 'service/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'service', from: 'params.id' } },
  { method: 'DELETE', path: 'service/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'service', from: 'params.id' } },
  { method: 'POST', path: 'updateServiceSortIndex/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'service', from: 'params.id' } },
  { method: 'GET', path: 'getStaffsByStoreId/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getStaffsByUserId/{userId}/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getStaffsByEmployeeId/{id}', owner: 'scheduling', access: 'storeMember', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  { method: 'GET', path: 'getStaffsArchiveByStoreId/{storeId}', owner: 'scheduling', access: 'storeOwner', store: 'params.storeId' },
  { method: 'GET', path: 'public_getStaffsByStoreId/{storeId}', owner: 'scheduling', access: 'public' },
  { method: 'POST', path: 'staff', owner: 'scheduling', access: 'storeOwner', store: 'body.storeId' },
  { method: 'POST', path: 'updateEmployeeSortIndex/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  { method: 'GET', path: 'restoreEmployee/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  { method: 'GET', path: 'removeEmployee/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  { method: 'POST', path: 'updateEmployeeRole/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  { method: 'POST', path: 'updateEmployeeOnlineBooking/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  { method: 'POST', path: 'updateEmployeePIN/{id}', owner: 'scheduling', access: 'storeOwner', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  { method: 'POST', path: 'updateEmployeeSchedule/{id}', owner: 'scheduling', access: 'storeOwnerOrAdmin', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  { method: 'GET', path: 'getPTOByEmployeeId/{id}', owner: 'scheduling', access: 'storeMember', store: 'record', record: { kind: 'staff', from: 'params.id' }, policy: 'ownDaysOffOrManager' },
  { method: 'POST', path: 'appointment', owner: 'scheduling', access: 'storeNotLimitedOrKiosk', store: 'body.storeId', policy: 'bookingOrWalkIn', idempotent: true },
  { method: 'PATCH', path: 'appointment/{id}', owner: 'scheduling', access: 'storeNotLimited', store: 'record', record: { kind: 'appointment', from: 'params.id' }, missing: 'appointmentNotFound', policy: 'dayOffByManager' },
  { method: 'DELETE', path: 'appointment/{id}', owner: 'scheduling', access: 'storeManager', store: 'record', record: { kind: 'appointment', from: 'params.id' }, missing: 'appointmentNotFound', policy: 'dayOffByManager' },
  { method: 'GET', path: 'getAppointmentsById/{id}', owner: 'scheduling', access: 'storeNotLimited', store: 'record', record: { kind: 'appointment', from: 'params.id' }, missing: 'appointmentNotFound' },
  { method: 'GET', path: 'getAppointmentsByStoreId/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsByStoreIdAndDate/{storeId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsByStoreIdAndEmployeeId/{storeId}/{staffId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsByStoreIdAndCustomerId/{storeId}/{customerId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsByStoreIdAndType/{type}/{storeId}/{value}/{date}', owner: 'scheduling', access: 'storeKiosk', store: 'params.storeId' },
  { method: 'GET', path: 'getAppointmentsOnlineByStoreId/{storeId}', owner: 'scheduling', access: 'storeManager', store: 'params.storeId' },
  { method: 'GET', path: 'removeAppointment/{id}', owner: 'scheduling', access: 'storeManager', store: 'record', record: { kind: 'appointment', from: 'params.id' }, missing: 'appointmentNotFound' },
  { method: 'GET', path: 'cancelAppointment/{id}', owner: 'scheduling', access: 'storeNotLimited', store: 'record', record: { kind: 'appointment', from: 'params.id' }, missing: 'appointmentNotFound' },
  { method: 'GET', path: 'approveAppointment/{id}/{phone}', owner: 'scheduling', access: 'storeNotLimited', store: 'record', record: { kind: 'appointment', from: 'params.id' }, missing: 'appointmentNotFound' },
  { method: 'POST', path: 'migrateAppointments', owner: 'scheduling', access: 'superAdmin' },
  { method: 'GET', path: 'public_getAppointmentsByStoreIdAndDate/{storeId}/{date}', owner: 'scheduling', access: 'public' },
  { method: 'POST', path: 'public_bookAppointmentOnline', owner: 'scheduling', access: 'optional' },
  { method: 'GET', path: 'public_getAppointmentsByCustomerPhoneNumber/{phone}', owner: 'scheduling', access: 'customer' },
  { method: 'GET', path: 'public_getAppointmentById/{id}', owner: 'scheduling', access: 'customer', ...CUSTOMERS_OWN('params.id') },
  { method: 'POST', path: 'public_updateAppointmentOnline', owner: 'scheduling', access: 'customer', ...CUSTOMERS_OWN('body.id') },
  { method: 'GET', path: 'cancelOnlineAppointment/{id}', owner: 'scheduling', access: 'customer', ...CUSTOMERS_OWN('params.id') },
  { method: 'POST', path: 'createTurn', owner: 'scheduling', access: 'storeMember', store: 'body.storeId' },
  { method: 'POST', path: 'updateTurn', owner: 'scheduling', access: 'storeManager', store: 'record', record: { kind: 'turn', from: 'body.id' } },
  { method: 'GET', path: 'getTurnsByStoreIdAndDate/{storeId}/{date}', owner: 'scheduling', access: 'storeKiosk', store: 'params.storeId' },
  { method: 'POST', path: 'sheet', owner: 'scheduling', access: 'storeKiosk', store: 'body.storeId', idempotent: true },
  { method: 'GET', path: 'sheet/{id}', owner: 'scheduling', access: 'storeMember', store: 'record', record: { kind: 'sheet', from: 'params.id' } },
  { method: 'PATCH', path: 'sheet/{id}', owner: 'scheduling', access: 'storeNotLimited', store: 'record', record: { kind: 'sheet', from: 'params.id' } },
  { method: 'GET', path: 'getSheetsByStoreId/{storeId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getSheetByPhoneNumber/{storeId}/{phone}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'POST', path: 'create-log', owner: 'scheduling', access: 'storeMember', store: 'body.storeId' },
  { method: 'POST', path: 'public_createLog', owner: 'scheduling', access: 'optional' },
  { method: 'GET', path: 'getStoreLogs/{storeId}', owner: 'scheduling', access: 'storeOwnerOrSuper', store: 'params.storeId' },
  { method: 'GET', path: 'getStoreLogsByAppointmentId/{id}', owner: 'scheduling', access: 'storeMember', store: 'record', record: { kind: 'appointment', from: 'params.id' }, missing: 'appointmentNotFound' },
  { method: 'POST', path: 'markRead', owner: 'scheduling', access: 'storeMember', store: 'record', record: { kind: 'log', from: 'body.log_id' } },
  { method: 'GET', path: 'getCustomersByStoreId/{storeId}', owner: 'customers', access: 'storeNotLimited', store: 'params.storeId' },
  { method: 'POST', path: 'customer', owner: 'customers', access: 'optional', store: 'body.storeId', policy: 'addCustomer' },
  { method: 'GET', path: 'customer/{id}', owner: 'customers', access: 'storeNotLimited', store: 'record', record: { kind: 'customer', from: 'params.id' } },
  { method: 'PATCH', path: 'customer/{id}', owner: 'customers', access: 'storeOwner', store: 'record', record: { kind: 'customer', from: 'params.id' } },
  { method: 'DELETE', path: 'customer/{id}', owner: 'customers', access: 'storeOwner', store: 'record', record: { kind: 'customer', from: 'params.id' } },
  { method: 'GET', path: 'searchCustomer/{storeId}/{key}', owner: 'customers', access: 'storeNotLimited', store: 'params.storeId' },
  { method: 'GET', path: 'searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}', owner: 'customers', access: 'storeNotLimited', store: 'params.storeId' },
  { method: 'GET', path: 'searchCustomerById/{storeId}/{id}', owner: 'customers', access: 'storeNotLimited', store: 'params.storeId' },
  { method: 'POST', path: 'mergeCustomers', owner: 'customers', access: 'storeOwner', store: 'record', record: { kind: 'customer', from: ['body.source', 'body.dest'] } },
  { method: 'GET', path: 'public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}', owner: 'customers', access: 'optional' },
  { method: 'GET', path: 'getAllPlans', owner: 'billing', access: 'authenticated' },
  { method: 'GET', path: 'getPackageByStoreId/{storeId}', owner: 'billing', access: 'storeMember', store: 'params.storeId' },
  { method: 'GET', path: 'getInvoicesByStoreId/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'GET', path: 'getPMByStoreId/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'POST', path: 'setDefaultPMByStoreId/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'POST', path: 'subscribe/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'GET', path: 'getAllSub', owner: 'billing', access: 'superAdmin' },
  { method: 'GET', path: 'getMerchantTransactions/{dayStartMillis}', owner: 'billing', access: 'storeOwnerOrSuper', store: 'query.storeId' },
  { method: 'POST', path: 'sendSMS', owner: 'messaging', access: 'storeNotLimited', store: 'body.storeId', policy: 'reviewTextByOwner', refusal: { code: 'ownerOnlyText', message: 'ownerOnlyText' }, record: { kind: 'appointment', from: 'body.appointmentId', optional: true }, missing: 'appointmentNotFound', idempotent: true },
  { method: 'POST', path: 'sendSMSReminderBulk', owner: 'messaging', access: 'storeOwner', store: 'body.storeId' },
  { method: 'GET', path: 'getAllMessagesByStorePhoneNumber', owner: 'messaging', access: 'storeManager', store: 'query.storeId' },
] as const satisfies readonly RouteDef[];

/** Our own calls that the spec does not name. */
export const EXTRA_ROUTES = [
  /** Franchise (docs/product/roles.md): the stores the user owns or manages, for the location switcher. */
  { method: 'GET', path: 'getFranchiseLocations/{userId}', owner: 'scheduling', access: 'self' },
  /** A store's franchise managers: the owner grants and takes back an admin's access by email. */
  { method: 'GET', path: 'getStoreManagers/{storeId}', owner: 'scheduling', access: 'storeOwner', store: 'params.storeId' },
  { method: 'POST', path: 'storeManager/{storeId}', owner: 'scheduling', access: 'storeOwner', store: 'params.storeId' },
  { method: 'DELETE', path: 'storeManager/{storeId}/{userId}', owner: 'scheduling', access: 'storeOwner', store: 'params.storeId' },
  /** The consolidated report across locations the caller owns or manages, every one checked (docs/product/reports.md). */
  { method: 'GET', path: 'getFranchiseReport', owner: 'scheduling', access: 'storeOwnerOrManager', store: 'query.storeIds', storeList: true },
  { method: 'GET', path: '.well-known/jwks.json', owner: 'identity', access: 'public' },
  { method: 'GET', path: 'availability/{storeId}/{date}', owner: 'scheduling', access: 'optional' },
  /** The booking page's strip of days: free starts per day from a date, one call for up to 21 days. */
  { method: 'GET', path: 'availabilityDays/{storeId}/{date}', owner: 'scheduling', access: 'optional' },
  /** The wizard's and Store Details' slots: conflicts marked, so only the store's members may ask. */
  { method: 'GET', path: 'staffAvailability/{storeId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'POST', path: 'webhooks/stripe', owner: 'billing', access: 'webhook' },
  /** What the card field needs at run time (Stripe's publishable key), not baked into the modules' build. */
  { method: 'GET', path: 'billing/config', owner: 'billing', access: 'public' },
  /** Adding or replacing a card: a SetupIntent, then the card it saved (the owner). */
  { method: 'POST', path: 'setupCard/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  { method: 'POST', path: 'addCard/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  /** A customer's card on file (docs/product/deposits.md): the store's policy, read by the booking page; set by the owner. */
  { method: 'GET', path: 'public_getCardPolicy/{storeId}', owner: 'billing', access: 'public' },
  { method: 'PUT', path: 'cardPolicy/{storeId}', owner: 'billing', access: 'storeOwner', store: 'params.storeId' },
  /** Saving the card: a SetupIntent, then the card it saved (the booking page's visitor or the wizard's staff). */
  { method: 'POST', path: 'cardOnFile/setup', owner: 'billing', access: 'optional' },
  { method: 'POST', path: 'cardOnFile/save', owner: 'billing', access: 'optional' },
  /** The owner charges the store's no-show fee to the appointment's card, once. */
  { method: 'POST', path: 'chargeNoShowFee/{appointmentId}', owner: 'billing', access: 'storeOwner', store: 'body.storeId', record: { kind: 'appointment', from: 'params.appointmentId' }, missing: 'appointmentNotFound' },
  { method: 'GET', path: 'getNoShowFee/{appointmentId}', owner: 'billing', access: 'storeOwner', store: 'query.storeId' },
  { method: 'POST', path: 'webhooks/twilio', owner: 'messaging', access: 'webhook' },
  { method: 'GET', path: 'profile-pictures/{file}', owner: 'identity', access: 'public' },
  /** Leaving kiosk mode: the tablet checks the store's PIN (throttled). */
  { method: 'POST', path: 'verifyStorePIN', owner: 'scheduling', access: 'storeKiosk', store: 'body.storeId' },
  { method: 'POST', path: 'user/{id}/phone-code', owner: 'identity', access: 'self' },
  { method: 'POST', path: 'user/{id}/phone-verification', owner: 'identity', access: 'self' },
  /** The 'Not Verified' message's link: the activation mail again, rate limited, the same answer for any email. */
  { method: 'POST', path: 'resendVerification', owner: 'identity', access: 'public' },
  { method: 'GET', path: 'staff-invitations/{storeId}', owner: 'scheduling', access: 'storeOwner', store: 'params.storeId' },
  { method: 'GET', path: 'staff-invitation/{id}', owner: 'scheduling', access: 'authenticated', ...INVITED_PERSON },
  { method: 'POST', path: 'staff-invitation/{id}/accept', owner: 'scheduling', access: 'authenticated', ...INVITED_PERSON },
  // Sessions: the refresh cookie is scoped to /api/auth; refresh and logout are authenticated by it.
  { method: 'POST', path: 'auth/refresh', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'auth/logout', owner: 'identity', access: 'public' },
  { method: 'POST', path: 'auth/confirm-email', owner: 'identity', access: 'public' },
  /** The store answers an online request with another time (docs/decisions.md). */
  { method: 'POST', path: 'suggestAppointmentTime/{id}', owner: 'scheduling', access: 'storeManager', store: 'record', record: { kind: 'appointment', from: 'params.id' }, missing: 'appointmentNotFound' },
  /** The walk-ins' line as the kiosk shows it: counts and waits, no names (docs/product/statuses.md). */
  { method: 'GET', path: 'getQueueByStoreIdAndDate/{storeId}/{date}', owner: 'scheduling', access: 'storeKiosk', store: 'params.storeId' },
  /** The caller's own appointments of a date at every store they work at (their calendar across stores, issue 35). */
  { method: 'GET', path: 'myDayAcrossStores/{storeId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  // the kiosk tablet's web app manifest (its app installed full screen under the store's name)
  { method: 'GET', path: 'public_getKioskManifest/{permalink}', owner: 'scheduling', access: 'public' },
  /** How the store counts turns: read by members, set by the owner. */
  { method: 'GET', path: 'getTurnPolicy/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'PUT', path: 'turnPolicy/{storeId}', owner: 'scheduling', access: 'storeOwner', store: 'params.storeId' },
  /** Which services each staff member does (turns skip those who do not). */
  { method: 'GET', path: 'getStaffSkills/{storeId}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  { method: 'PUT', path: 'staffSkills/{id}', owner: 'scheduling', access: 'storeManager', store: 'record', record: { kind: 'staff', from: 'params.id' } },
  /** Every change of a day's turns (who, when, why), for the owner and managers. */
  { method: 'GET', path: 'getTurnHistory/{storeId}/{date}', owner: 'scheduling', access: 'storeManager', store: 'params.storeId' },
  /** A store's texting settings: sender number, "you're up next", reminders the day before (docs/product/texts.md). */
  { method: 'GET', path: 'smsSettings/{storeId}', owner: 'messaging', access: 'storeManager', store: 'params.storeId' },
  { method: 'PUT', path: 'smsSettings/{storeId}', owner: 'messaging', access: 'storeOwner', store: 'params.storeId' },
  /** The texts sent about one appointment, newest first: the Text Center shows when the last reminder went. */
  { method: 'GET', path: 'getTextsByAppointmentId/{appointmentId}', owner: 'messaging', access: 'storeNotLimited', store: 'query.storeId' },
  /** Who is next for a walk-in under the store's turn policy. */
  { method: 'GET', path: 'suggestNextStaff/{storeId}/{date}', owner: 'scheduling', access: 'storeMember', store: 'params.storeId' },
  /** /reports: each staff member's income by day over chosen days or a range (docs/product/reports.md). */
  { method: 'GET', path: 'getReportByStoreIdAndRange/{storeId}', owner: 'scheduling', access: 'storeOwnerOrAdmin', store: 'params.storeId' },
  /** A person's sign-in in one call: the walk-in's customer and appointment and the sheet (the spec's client makes three calls: still accepted). */
  { method: 'POST', path: 'sheets/sign-in', owner: 'scheduling', access: 'storeKiosk', store: 'body.storeId', policy: 'walkInBookedByNotLimited', idempotent: true },
  /** The booking page's request in one call: the customer found or made, then the request (the spec's client makes two calls: still accepted). */
  { method: 'POST', path: 'public_requestAppointment', owner: 'scheduling', access: 'optional', idempotent: true },
  /** A group booking in one call, all or none (the spec's client posts one appointment per person: still accepted). */
  { method: 'POST', path: 'appointments/group', owner: 'scheduling', access: 'storeNotLimitedOrKiosk', store: 'body.storeId', policy: 'groupBookingOrWalkIns', idempotent: true },
] as const satisfies readonly RouteDef[];

/**
 * Service-to-service calls: served under /internal/ (not /api/) with the service token
 * (INTERNAL_TOKEN_HEADER), never through the gateway; service-kit's internalApi is their client.
 */
export const INTERNAL_ROUTES = [
  /** identity: create or update a store's sign-in account (scheduling, with the store). */
  { method: 'PUT', path: 'internal/store-accounts/{storeId}', owner: 'identity', access: 'internal' },
  { method: 'DELETE', path: 'internal/store-accounts/{storeId}', owner: 'identity', access: 'internal' },
  /** identity: users by ids (names for read models, a guest's account, a new store's owner). */
  { method: 'POST', path: 'internal/users/by-ids', owner: 'identity', access: 'internal' },
  /** identity: verified accounts for the demo seed. */
  { method: 'POST', path: 'internal/seed/users', owner: 'identity', access: 'internal' },
  /** identity: the account that signs in with an email (adding staff, the person an invitation was sent to). */
  { method: 'POST', path: 'internal/users/by-email', owner: 'identity', access: 'internal' },
  /**
   * identity: a verified professional account with the given password, so a staff member added without an
   * account can sign in at once (409 `hasAccount` when the email has an account already).
   */
  { method: 'POST', path: 'internal/staff-accounts', owner: 'identity', access: 'internal' },
  /**
   * identity: the content of a mail an event asked for (`mailId` of user.registered, ...), link included.
   * One-time secrets never travel in events (the stream keeps them for days): messaging fetches them here.
   */
  { method: 'GET', path: 'internal/mails/{mailId}', owner: 'identity', access: 'internal' },
  /** messaging: texts one message now (identity's phone codes, so a code never sits in a long-lived event). */
  { method: 'POST', path: 'internal/texts', owner: 'messaging', access: 'internal' },
  /** customers: customers by ids with their store and phone (scheduling checks a guest's online request). */
  { method: 'POST', path: 'internal/customers/by-ids', owner: 'customers', access: 'internal' },
  /** customers: a walk-in's customer found by store, phone and name, or created (scheduling's walk-in sign-in). */
  { method: 'POST', path: 'internal/customers/walk-in', owner: 'customers', access: 'internal' },
  /** customers: the booking page's customer found by store and phone or made for the account (scheduling's request in one call). */
  { method: 'POST', path: 'internal/customers/visitor', owner: 'customers', access: 'internal' },
  /**
   * scheduling: what the email about an online request needs (messaging mails the customer on
   * `online-request.changed`, whose payload carries no names or addresses).
   */
  { method: 'GET', path: 'internal/online-requests/{id}/notice', owner: 'scheduling', access: 'internal' },
  /**
   * scheduling: a store's membership as its last `store.membership_changed` carried it (null when none): the
   * other services ask when a store is not in their read model yet (one created a moment ago).
   */
  { method: 'GET', path: 'internal/stores/{storeId}/membership', owner: 'scheduling', access: 'internal' },
] as const satisfies readonly RouteDef[];

export const ROUTES: readonly RouteDef[] = [...SPEC_ROUTES, ...EXTRA_ROUTES, ...INTERNAL_ROUTES];

type AnyRoute = (typeof SPEC_ROUTES)[number] | (typeof EXTRA_ROUTES)[number] | (typeof INTERNAL_ROUTES)[number];
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** A route's key, e.g. 'POST login' or 'GET user/{id}'. */
export type RouteKey = KeyOf<AnyRoute>;
/** The keys of the service-to-service calls (service-kit's internalApi calls them). */
export type InternalRouteKey = KeyOf<(typeof INTERNAL_ROUTES)[number]>;
/** The keys browsers and apps call through the gateway (web-kit's api client calls them). */
export type PublicRouteKey = Exclude<RouteKey, InternalRouteKey>;
/** The route table's row for a key, with its literal types. */
export type RouteOf<K extends RouteKey> = Extract<AnyRoute, { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${infer P}` ? P : never }>;
/** The kind of record a route acts on, or never. */
export type RecordKindOf<K extends RouteKey> = RouteOf<K> extends { record: { kind: infer R } } ? R : never;
/** Whether a route's record may be absent (its id left out of the call). */
export type RecordOptionalOf<K extends RouteKey> = RouteOf<K> extends { record: { optional: true } } ? true : false;

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
  return fillPath(key, routeOf(key).path, params);
}

/** Express path for a route: 'user/{id}' becomes '/api/user/:id', 'internal/texts' '/internal/texts'. */
export function expressPath(path: string): string {
  return baseOf(path) + path.replace(/\{(\w+)\}/g, ':$1');
}

export function routesOwnedBy(owner: ServiceName): readonly RouteDef[] {
  return ROUTES.filter((r) => r.owner === owner);
}
