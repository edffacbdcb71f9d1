/**
 * The access matrix: every route of the route table, called through the gateway as every kind of caller,
 * compared with what the table (and @turnbook/domain `allows` and POLICIES) says. A route added to the
 * table without a row here fails the first test.
 *
 * A call that may change a shared record sends input that fails validation (so an allowed caller gets 400
 * after the access check and nothing changes), or acts on a fresh record made for that call.
 */
import { POLICIES, allows, type StoreAccess } from '@turnbook/domain';
import { ROUTES, routeKey, type RouteDef } from '@turnbook/contracts';
import { api } from '../src/api';
import { buildWorld, dayOffBody, fresh, ROLES, type Role, type World } from '../src/world';

interface Call {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: Record<string, string | number>;
}

interface Row {
  /** The call as every role makes it, against the shared world. */
  call: (w: World) => Call;
  /** For calls that change or remove their record: a fresh record for each caller the table lets through. */
  fresh?: (w: World) => Promise<Call>;
  /** What the route's policy is evaluated on (the record the router loads). */
  policyRecord?: (w: World) => unknown;
  /** Public calls answer everyone; those on a single record may still 404 for made-up ids: that is fine. */
  note?: string;
}

const BAD_COLOR = '!!not-a-colour';
const today = () => new Date().toISOString().slice(0, 10);

const ROWS: Record<string, Row> = {
  // identity
  'POST login': { call: () => ({ body: { email: '', password: '' } }) },
  'POST storeLogin': { call: () => ({ body: { username: '', password: '' } }) },
  'POST register': { call: () => ({ body: { email: 'not-an-email' } }) },
  'POST verify': { call: () => ({ body: { id: 'x' } }) },
  'POST forgotPassword': { call: () => ({ body: { email: 'not-an-email' } }) },
  'POST resendVerification': { call: () => ({ body: { email: 'not-an-email' } }) },
  'POST resetPasswordValidation': { call: () => ({ body: { id: 'x' } }) },
  'POST resetPassword': { call: () => ({ body: { id: 'x' } }) },
  'GET user/{id}': { call: (w) => ({ params: { id: w.userIds.owner } }) },
  'PATCH user/{id}': { call: (w) => ({ params: { id: w.userIds.owner }, body: { color: BAD_COLOR } }) },
  'GET getUserById/{userId}': { call: (w) => ({ params: { userId: w.userIds.owner } }) },
  'POST userResetPassword': { call: (w) => ({ body: { id: w.userIds.owner } }) },
  'POST uploadProfilePicture/{userId}/{orientation}': { call: (w) => ({ params: { userId: w.userIds.owner, orientation: 'nope' } }) },
  'GET getAllUsers': { call: () => ({}) },
  'POST storeResetPassword': {
    // Confirming as themselves (the policy), with an empty new password: the owner gets 400, nothing changes.
    call: (w) => ({ body: { storeId: w.storeId, userId: w.userIds.owner, userPassword: 'not-checked', newPassword: '' } }),
    policyRecord: (w) => ({ ownerId: w.userIds.owner }),
  },
  'GET getSettings': { call: () => ({}) },
  'POST updateVersion': { call: () => ({ body: { app_version: '' } }) },
  'GET getSetting/staff/{userId}': { call: (w) => ({ params: { userId: w.userIds.owner } }) },
  'GET getSetting/store/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'POST updateSetting/staff/{userId}': { call: (w) => ({ params: { userId: w.userIds.owner }, body: { app_version: '' } }) },
  'POST updateSetting/store/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: { app_version: '' } }) },
  'GET .well-known/jwks.json': { call: () => ({}) },
  // Sessions: authenticated by the refresh cookie, not the bearer token (none here: 400 / nothing to end).
  'POST user/{id}/phone-code': { call: (w) => ({ params: { id: w.userIds.owner } }) },
  'POST user/{id}/phone-verification': { call: (w) => ({ params: { id: w.userIds.owner }, body: { code: 'x' } }) },
  'POST auth/refresh': { call: () => ({}) },
  'POST auth/logout': { call: () => ({}) },
  'POST auth/confirm-email': { call: () => ({ body: { id: 'x' } }) },
  'GET profile-pictures/{file}': { call: () => ({ params: { file: 'none.jpg' } }), note: 'public; a missing file is 404' },
  'GET staff-invitations/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  // A malformed id is 400 before the invitation is loaded, so its policy (invitedPerson: the invited account
  // only) is not reached here; scheduling's staff tests and service-kit's router tests judge it per caller.
  'GET staff-invitation/{id}': { call: () => ({ params: { id: 'not-an-invitation' } }) },
  'POST staff-invitation/{id}/accept': { call: () => ({ params: { id: 'not-an-invitation' } }) },
  'POST verifyStorePIN': { call: (w) => ({ body: { storeId: w.storeId, PIN: '' } }) },

  // stores
  'GET getStoreByOwnerId/{userId}': { call: (w) => ({ params: { userId: w.userIds.owner } }) },
  'GET getStoreByUserId/{userId}': { call: (w) => ({ params: { userId: w.userIds.owner } }) },
  'GET getStoreByPermalink/{permalink}': { call: (w) => ({ params: { permalink: w.permalink } }) },
  'GET public_getStoreByPermalink/{permalink}': { call: (w) => ({ params: { permalink: w.permalink } }) },
  'GET public_getKioskManifest/{permalink}': { call: (w) => ({ params: { permalink: w.permalink } }) },
  'GET getAllStores': { call: () => ({}) },
  'POST store': { call: () => ({ body: { name: '' } }) },
  'PATCH store/{id}': { call: (w) => ({ params: { id: w.storeId }, body: { email: 'not-an-email' } }) },
  'GET removeStore/{id}': { call: (w) => ({ params: { id: w.storeId } }), fresh: async (w) => ({ params: { id: await fresh.store(w) } }) },

  // services
  'GET getServicesByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET getExternalServicesByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET public_getExternalServicesByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET service/{id}': { call: (w) => ({ params: { id: w.serviceId } }) },
  'POST service': { call: (w) => ({ body: { storeId: w.storeId, name: '' } }) },
  'PATCH service/{id}': { call: (w) => ({ params: { id: w.serviceId }, body: { color: BAD_COLOR } }) },
  'DELETE service/{id}': { call: (w) => ({ params: { id: w.serviceId } }), fresh: async (w) => ({ params: { id: await fresh.service(w) } }) },
  'POST updateServiceSortIndex/{id}': { call: (w) => ({ params: { id: w.serviceId }, body: { sortIndex: 'x' } }) },

  // staff
  'GET getStaffsByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET getStaffsByUserId/{userId}/{storeId}': { call: (w) => ({ params: { userId: w.userIds.staff, storeId: w.storeId } }) },
  'GET getStaffsByEmployeeId/{id}': { call: (w) => ({ params: { id: w.staffIds.staff } }) },
  'GET getStaffsArchiveByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET public_getStaffsByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'POST staff': { call: (w) => ({ body: { storeId: w.storeId, hasAccount: 'neither' } }) },
  'POST updateEmployeeSortIndex/{id}': { call: (w) => ({ params: { id: w.staffIds.staff }, body: { sortIndex: 'x' } }) },
  'GET restoreEmployee/{id}': { call: (w) => ({ params: { id: w.staffIds.staff } }), fresh: async (w) => ({ params: { id: await fresh.staff(w, true) } }) },
  'GET removeEmployee/{id}': { call: (w) => ({ params: { id: w.staffIds.staff } }), fresh: async (w) => ({ params: { id: await fresh.staff(w) } }) },
  'POST updateEmployeeRole/{id}': { call: (w) => ({ params: { id: w.staffIds.staff }, body: { role: 'emperor' } }) },
  'POST updateEmployeeOnlineBooking/{id}': { call: (w) => ({ params: { id: w.staffIds.staff }, body: { online_booking: 'maybe' } }) },
  'POST updateEmployeePIN/{id}': { call: (w) => ({ params: { id: w.staffIds.staff }, body: { storeId: w.storeId, newPIN: 'x' } }) },
  'POST updateEmployeeSchedule/{id}': { call: (w) => ({ params: { id: w.staffIds.staff }, body: { dayOff: 'someday' } }) },
  'GET getPTOByEmployeeId/{id}': {
    call: (w) => ({ params: { id: w.staffIds.staff } }),
    policyRecord: (w) => ({ userId: w.userIds.staff }),
  },

  // appointments and days off
  // The day-off policy is checked on the parsed body, so these send valid input: those let through act on
  // a fresh day off.
  'POST appointment': {
    call: (w) => ({ body: dayOffBody(w.storeId, w.staffIds.staff) }),
    fresh: async () => ({}),
    policyRecord: () => undefined,
  },
  // A staff booking on a past date: the kiosk is refused by the policy (walk-ins only), the others get 400.
  'POST appointments/group': {
    call: (w) => ({ body: { storeId: w.storeId, members: [{ staffId: w.staffIds.staff, customerId: w.customerId, serviceIds: '1', date: '2020-01-01', start: '10:00 am', end: '10:30 am' }] } }),
  },
  'PATCH appointment/{id}': {
    call: (w) => ({ params: { id: w.dayOffId }, body: { note: 'OFF' } }),
    fresh: async (w) => ({ params: { id: await fresh.dayOff(w) } }),
    policyRecord: () => ({ customerId: 0, serviceIds: '0' }),
  },
  'DELETE appointment/{id}': {
    call: (w) => ({ params: { id: w.dayOffId } }),
    fresh: async (w) => ({ params: { id: await fresh.dayOff(w) } }),
    policyRecord: () => ({ customerId: 0, serviceIds: '0' }),
  },
  'GET getAppointmentsById/{id}': { call: (w) => ({ params: { id: w.dayOffId } }) },
  'GET getAppointmentsByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'GET getAppointmentsByStoreIdAndEmployeeId/{storeId}/{staffId}/{date}': {
    call: (w) => ({ params: { storeId: w.storeId, staffId: w.staffIds.staff, date: today() } }),
  },
  'GET getAppointmentsByStoreIdAndCustomerId/{storeId}/{customerId}': { call: (w) => ({ params: { storeId: w.storeId, customerId: w.customerId } }) },
  'GET getAppointmentsByStoreIdAndType/{type}/{storeId}/{value}/{date}': {
    call: (w) => ({ params: { type: 'staff', storeId: w.storeId, value: w.staffIds.staff, date: today() } }),
  },
  'GET getAppointmentsOnlineByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET removeAppointment/{id}': { call: (w) => ({ params: { id: w.dayOffId } }), fresh: async (w) => ({ params: { id: await fresh.dayOff(w) } }) },
  'GET cancelAppointment/{id}': { call: (w) => ({ params: { id: w.dayOffId } }), fresh: async (w) => ({ params: { id: await fresh.dayOff(w) } }) },
  'GET approveAppointment/{id}/{phone}': { call: (w) => ({ params: { id: w.dayOffId, phone: w.customerPhone } }) },
  'POST suggestAppointmentTime/{id}': { call: (w) => ({ params: { id: w.dayOffId }, body: { date: today(), start: '10:00 am' } }) },
  'POST migrateAppointments': { call: () => ({ body: { storeId: 'x' } }) },
  'GET public_getAppointmentsByStoreIdAndDate/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'POST public_bookAppointmentOnline': { call: () => ({ body: {} }) },
  'POST public_requestAppointment': { call: () => ({ body: {} }) },
  'GET public_getAppointmentsByCustomerPhoneNumber/{phone}': { call: (w) => ({ params: { phone: w.customerPhone } }) },
  'GET public_getAppointmentById/{id}': { call: (w) => ({ params: { id: w.dayOffId } }) },
  'POST public_updateAppointmentOnline': { call: () => ({ body: {} }) },
  'GET cancelOnlineAppointment/{id}': { call: (w) => ({ params: { id: w.dayOffId } }) },
  'GET availability/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'GET availabilityDays/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'GET staffAvailability/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },

  // turns, sheets, logs
  'POST createTurn': { call: (w) => ({ body: { storeId: w.storeId, date: 'not-a-date' } }) },
  'POST updateTurn': { call: (w) => ({ body: { id: w.turnId, staffIds: 'x' } }) },
  'GET getTurnsByStoreIdAndDate/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'POST sheet': { call: (w) => ({ body: { storeId: w.storeId, date: 'not-a-date' } }) },
  // No walk-in to book (the policy then passes everyone on the sheet's rule) and a bad date: 400 after access.
  'POST sheets/sign-in': { call: (w) => ({ body: { storeId: w.storeId, customer_name: 'Matrix', date: 'not-a-date', arrived_time: '10:00 am' } }) },
  'GET sheet/{id}': { call: (w) => ({ params: { id: w.sheetId } }) },
  'PATCH sheet/{id}': { call: (w) => ({ params: { id: w.sheetId }, body: { staffId: 'x' } }) },
  'GET getSheetsByStoreId/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'GET getSheetByPhoneNumber/{storeId}/{phone}': { call: (w) => ({ params: { storeId: w.storeId, phone: w.customerPhone } }) },
  'GET getQueueByStoreIdAndDate/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'GET myDayAcrossStores/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'GET getTurnPolicy/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'PUT turnPolicy/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: { rotation: 'nope' } }) },
  'GET getStaffSkills/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'PUT staffSkills/{id}': { call: (w) => ({ params: { id: w.staffIds.staff }, body: { serviceIds: 'x' } }) },
  'GET getTurnHistory/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'GET suggestNextStaff/{storeId}/{date}': { call: (w) => ({ params: { storeId: w.storeId, date: today() } }) },
  'GET getReportByStoreIdAndRange/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, query: { from: today(), to: today() } }) },
  'GET getFranchiseLocations/{userId}': { call: (w) => ({ params: { userId: w.userIds.owner } }) },
  'GET getStoreManagers/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  // An email that is no email: the owner gets 400, nothing is granted.
  'POST storeManager/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: { email: 'not-an-email' } }) },
  // A user who manages nothing: the owner's call changes nothing.
  'DELETE storeManager/{storeId}/{userId}': { call: (w) => ({ params: { storeId: w.storeId, userId: 1 } }) },
  'GET getFranchiseReport': { call: (w) => ({ query: { storeIds: w.storeId, from: today(), to: today() } }) },
  'POST create-log': { call: (w) => ({ body: { storeId: w.storeId, text: '' } }) },
  'POST public_createLog': { call: () => ({ body: {} }) },
  'GET getStoreLogs/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET getStoreLogsByAppointmentId/{id}': { call: (w) => ({ params: { id: w.dayOffId } }) },
  'POST markRead': { call: (w) => ({ body: { log_id: w.logId } }) },

  // customers
  'GET getCustomersByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'POST customer': { call: (w) => ({ body: { storeId: w.storeId, fname: '', color: BAD_COLOR } }), note: 'open to guests (booking flow)' },
  'GET customer/{id}': { call: (w) => ({ params: { id: w.customerId } }) },
  'PATCH customer/{id}': { call: (w) => ({ params: { id: w.customerId }, body: { color: BAD_COLOR } }) },
  'DELETE customer/{id}': { call: (w) => ({ params: { id: w.customerId } }), fresh: async (w) => ({ params: { id: await fresh.customer(w) } }) },
  'GET searchCustomer/{storeId}/{key}': { call: (w) => ({ params: { storeId: w.storeId, key: 'matrix' } }) },
  'GET searchCustomerByNameAndPhone/{storeId}/{fname}/{lname}/{phone}': {
    call: (w) => ({ params: { storeId: w.storeId, fname: 'matrix', lname: 'null', phone: 'null' } }),
  },
  'GET searchCustomerById/{storeId}/{id}': { call: (w) => ({ params: { storeId: w.storeId, id: w.customerId } }) },
  'POST mergeCustomers': {
    call: (w) => ({ body: { source: w.customerId, dest: w.customerId } }),
    fresh: async (w) => ({ body: { source: await fresh.customer(w), dest: await fresh.customer(w) } }),
  },
  'GET public_getCustomerIdByStoreIdAndPhone/{storeId}/{phone}': { call: (w) => ({ params: { storeId: w.storeId, phone: w.customerPhone } }) },

  // billing
  'GET getAllPlans': { call: () => ({}) },
  'GET getPackageByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET getInvoicesByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'GET getPMByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'POST setDefaultPMByStoreId/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: { pm_source: 7 } }) },
  'POST subscribe/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: {} }) },
  'POST setupCard/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: {} }) },
  'POST addCard/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: {} }) },
  'GET getAllSub': { call: () => ({}) },
  'GET getMerchantTransactions/{dayStartMillis}': { call: (w) => ({ params: { dayStartMillis: 0 }, query: { storeId: w.storeId } }) },
  'POST webhooks/stripe': { call: () => ({ body: {} }) },
  'GET billing/config': { call: () => ({}) },
  // a customer's card on file and the no-show fee (docs/product/deposits.md): bad input, nothing written
  'GET public_getCardPolicy/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'PUT cardPolicy/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: { policy: 'none' } }) },
  'POST cardOnFile/setup': { call: () => ({ body: {} }) },
  'POST cardOnFile/save': { call: () => ({ body: {} }) },
  'POST chargeNoShowFee/{appointmentId}': { call: (w) => ({ params: { appointmentId: 'x' }, body: { storeId: w.storeId } }) },
  'GET getNoShowFee/{appointmentId}': { call: (w) => ({ params: { appointmentId: 'x' }, query: { storeId: w.storeId } }) },

  // messaging
  'POST sendSMS': { call: (w) => ({ body: { storeId: w.storeId } }) },
  'POST sendSMSReminderBulk': { call: (w) => ({ body: { storeId: w.storeId } }) },
  'GET getAllMessagesByStorePhoneNumber': { call: (w) => ({ query: { storeId: w.storeId } }) },
  'POST webhooks/twilio': { call: () => ({ body: {} }), note: 'unsigned: refused whoever calls (signature checked first)' },
  'GET smsSettings/{storeId}': { call: (w) => ({ params: { storeId: w.storeId } }) },
  'PUT smsSettings/{storeId}': { call: (w) => ({ params: { storeId: w.storeId }, body: { reminderHour: 99 } }) },
  'GET getTextsByAppointmentId/{appointmentId}': { call: (w) => ({ params: { appointmentId: 1 }, query: { storeId: w.storeId } }) },
};

/** Each caller's relation to the world's store. */
function accessOf(role: Role): StoreAccess | null {
  const none: StoreAccess = { isSuperAdmin: false, isOwner: false, staffRole: null, isStoreLogin: false };
  switch (role) {
    case 'owner': return { ...none, isOwner: true, staffRole: 'admin' };
    case 'admin': case 'superadmin': case 'staff': case 'limited': return { ...none, staffRole: role };
    case 'frontDesk': return { ...none, isStoreLogin: true };
    case 'kiosk': return { ...none, isKiosk: true };
    case 'superAdmin': return { ...none, isSuperAdmin: true };
    case 'otherOwner': case 'customer': return none;
    case 'anonymous': return null;
  }
}

/** What the table says: may this caller get past the access check? */
function expected(route: RouteDef, role: Role, w: World, row: Row, body: unknown): boolean {
  const userId = role === 'anonymous' || role === 'frontDesk' || role === 'kiosk' ? undefined : w.userIds[role];
  const storeLogin = role === 'frontDesk' || role === 'kiosk';
  const access = accessOf(role);
  switch (route.access) {
    case 'public': case 'optional': return true;
    // A webhook is authenticated by its signature alone: the matrix sends none, so no token gets it past.
    case 'webhook': return false;
    case 'internal': return false;
    case 'authenticated': return role !== 'anonymous' && role !== 'kiosk';
    case 'customer': return role !== 'anonymous' && !storeLogin;
    case 'superAdmin': return role === 'superAdmin';
    case 'professional': return role !== 'anonymous' && !storeLogin && role !== 'customer';
    case 'self': return role === 'superAdmin' || userId === w.userIds.owner;
    default: {
      if (!access) return false;
      if (!allows(route.access, access)) return false;
      if (!route.policy) return true;
      return POLICIES[route.policy]({ access, callerUserId: userId, record: row.policyRecord?.(w), body });
    }
  }
}

function pathOf(route: RouteDef, params: Record<string, string | number> = {}, query: Record<string, string | number> = {}) {
  const p = route.path.replace(/\{(\w+)\}/g, (_m, k: string) => encodeURIComponent(String(params[k] ?? 'missing')));
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return q ? `${p}?${q}` : p;
}

const DENIED = new Set([401, 403]);
const NOT_BUILT = new Set([501, 502, 503]);

describe('access matrix: every route as every caller, through the gateway', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  }, 120_000);

  it('when the route table has a route, then the matrix has its row (and no row for a route that is gone)', () => {
    const keys = ROUTES.filter((r) => r.access !== 'internal').map(routeKey);
    expect(keys.filter((k) => !ROWS[k])).toEqual([]);
    expect(Object.keys(ROWS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  const routes = ROUTES.filter((r) => r.access !== 'internal');
  it.each(routes.map((r) => [routeKey(r), r] as const))('when %s is called by every kind of caller, then exactly those the table allows get past the access check', async (key, route) => {
    const row = ROWS[key];
    const mismatches: string[] = [];
    const statuses: number[] = [];
    for (const role of ROLES) {
      const shared = row.call(w);
      const willPass = expected(route, role, w, row, shared.body);
      const target = willPass && row.fresh ? { ...shared, ...(await row.fresh(w)) } : shared;
      const token = role === 'anonymous' ? undefined : w.tokens[role];
      const res = await api(route.method, pathOf(route, target.params, target.query), target.body, token);
      statuses.push(res.status);
      if (NOT_BUILT.has(res.status)) continue;
      if (res.status >= 500) mismatches.push(`${role}: ${res.status} ${JSON.stringify(res.body)}`);
      else if (willPass && DENIED.has(res.status)) mismatches.push(`${role}: expected access, got ${res.status} ${JSON.stringify(res.body)}`);
      else if (!willPass && !DENIED.has(res.status)) mismatches.push(`${role}: expected 401/403, got ${res.status} ${JSON.stringify(res.body)}`);
    }
    // A route that is not built answers the same to everyone.
    if (statuses.some((s) => NOT_BUILT.has(s))) expect(statuses.every((s) => NOT_BUILT.has(s))).toBe(true);
    expect(mismatches).toEqual([]);
  });

  it('when the kiosk signs a walk-in in, then it finds the customer by phone and name or creates one, learns the id alone, and reads staff names without emails or phones', async () => {
    const walkIn = `267${String(Date.now()).slice(-7)}`;
    const made = await api('POST', 'customer', { storeId: w.storeId, fname: 'walk', lname: 'in', phone: walkIn, status: 'vip' }, w.tokens.kiosk);
    expect([made.status, Object.keys(made.body.customer)]).toEqual([201, ['id']]);
    const found = await api('POST', 'customer', { storeId: w.storeId, fname: 'Matrix', lname: 'Customer', phone: w.customerPhone }, w.tokens.kiosk);
    expect([found.status, found.body]).toEqual([200, { customer: { id: w.customerId } }]);
    // a phone alone never makes someone else that customer (docs/product/kiosk.md)
    const other = await api('POST', 'customer', { storeId: w.storeId, fname: 'someone', lname: 'else', phone: w.customerPhone }, w.tokens.kiosk);
    expect([other.status, Object.keys(other.body.customer)]).toEqual([201, ['id']]);
    expect(other.body.customer.id).not.toBe(w.customerId);
    const staff = await api('GET', `public_getStaffsByStoreId/${w.storeId}`, undefined, w.tokens.kiosk);
    expect(staff.status).toBe(200);
    expect(staff.body.employees.length).toBeGreaterThan(0);
    for (const e of staff.body.employees) expect(Object.keys(e).filter((k) => /email|phone|username/i.test(k))).toEqual([]);
    for (const path of [`getStaffsByStoreId/${w.storeId}`, `getCustomersByStoreId/${w.storeId}`, `customer/${w.customerId}`, `searchCustomer/${w.storeId}/matrix`]) {
      expect([path, (await api('GET', path, undefined, w.tokens.kiosk)).status]).toEqual([path, 403]);
    }
  });

  it('when the front desk adds a customer, then it may, but not with notes (status), which are for managers', async () => {
    const phone = `267${String(Date.now() + 1).slice(-7)}`;
    const noted = await api('POST', 'customer', { storeId: w.storeId, fname: 'desk', phone, status: 'banned' }, w.tokens.frontDesk);
    expect(noted.status).toBe(403);
    const plain = await api('POST', 'customer', { storeId: w.storeId, fname: 'desk', phone }, w.tokens.frontDesk);
    expect([plain.status, plain.body.customer.status]).toEqual([201, '']);
  });

  it("when a store's records are asked for with another store's token, then no data comes back", async () => {
    const calls = [
      `service/${w.serviceId}`, `getStaffsByEmployeeId/${w.staffIds.staff}`, `customer/${w.customerId}`,
      `getServicesByStoreId/${w.storeId}`, `getCustomersByStoreId/${w.storeId}`, `getPTOByEmployeeId/${w.staffIds.staff}`,
      `getStoreByPermalink/${w.permalink}`, `searchCustomer/${w.storeId}/matrix`,
    ];
    for (const path of calls) {
      const res = await api('GET', path, undefined, w.tokens.otherOwner);
      expect([path, DENIED.has(res.status) || res.status === 404]).toEqual([path, true]);
      expect(JSON.stringify(res.body ?? {})).not.toMatch(/matrix/i);
    }
  });
});
