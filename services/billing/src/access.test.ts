import { ROUTES, routeKey, type RouteDef } from '@turnbook/contracts';
import { ROLES, startBilling, type Harness, type Role } from './test/world';

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.stop());

/** Who reads which billing call (docs/product/billing.md): the roles let past the access check; cards and invoices are the owner's alone. */
const WHO: Record<string, Role[]> = {
  'GET getAllPlans': ['owner', 'admin', 'superadmin', 'limited', 'staff', 'otherStore', 'customer', 'platform', 'frontDesk'],
  'GET getPackageByStoreId/{storeId}': ['owner', 'admin', 'superadmin', 'limited', 'staff', 'platform', 'frontDesk'],
  'GET getInvoicesByStoreId/{storeId}': ['owner'],
  'GET getPMByStoreId/{storeId}': ['owner'],
  'POST setDefaultPMByStoreId/{storeId}': ['owner'],
  'POST subscribe/{storeId}': ['owner'],
  'POST setupCard/{storeId}': ['owner'],
  'POST addCard/{storeId}': ['owner'],
  'GET getAllSub': ['platform'],
  'GET getMerchantTransactions/{dayStartMillis}': ['owner', 'superadmin', 'platform'],
  'POST webhooks/stripe': [],
  // the card field's settings, public: the same for every caller, signed in or not
  'GET billing/config': ROLES,
  // a customer's card on file: the booking page's visitors save one, signed in or not (docs/product/deposits.md)
  'GET public_getCardPolicy/{storeId}': ROLES,
  'PUT cardPolicy/{storeId}': ['owner'],
  'POST cardOnFile/setup': ROLES,
  'POST cardOnFile/save': ROLES,
  'POST chargeNoShowFee/{appointmentId}': ['owner'],
  'GET getNoShowFee/{appointmentId}': ['owner'],
};

/** Each call with input an allowed caller gets 400 for (or a plain read), so nothing is written. */
const call = (route: RouteDef) => {
  // an appointment id that is not one: its readers get past the access check to a 400
  const path = `/api/${route.path.replace('{storeId}', String(h.S1)).replace('{dayStartMillis}', '0').replace('{appointmentId}', 'x')}`;
  const body = route.path.startsWith('chargeNoShowFee') ? { storeId: h.S1 } : {};
  const req = route.method === 'GET' ? h.http().get(path) : route.method === 'PUT' ? h.http().put(path).send(body) : h.http().post(path).send(body);
  return route.path.startsWith('getMerchantTransactions') || route.path.startsWith('getNoShowFee') ? req.query({ storeId: h.S1 }) : req;
};

const billingRoutes = ROUTES.filter((r) => r.owner === 'billing');

describe('who reads which billing call', () => {
  it('when the route table has a billing route, then this table has its row', () => {
    expect(billingRoutes.map(routeKey).sort()).toEqual(Object.keys(WHO).sort());
  });

  it.each(billingRoutes.map((r) => [routeKey(r), r] as const))('when %s is called by every kind of caller, then exactly its readers get past the access check', async (key, route) => {
    const seen: string[] = [];
    for (const role of ROLES) {
      const res = await call(route).set(h.auth(role));
      const passed = ![401, 403, 404].includes(res.status);
      if (res.status >= 500) seen.push(`${role}: ${res.status}`);
      if (passed !== WHO[key].includes(role)) seen.push(`${role}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(seen).toEqual([]);
  });
});
