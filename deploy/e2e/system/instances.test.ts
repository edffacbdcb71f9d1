import { api, uniqueEmail } from '../src/api';
import { demoLogin } from '../src/demo';
import { callInstance, instancesOf, type Instance } from '../src/stack';
import { registerVerified } from '../src/steps';

// With several instances of identity and customers behind the gateway (npm test starts identity=2,
// customers=2), nothing may depend on which instance answers: access, the sign-in limit and customer
// search are checked against each instance directly.

/** identity's default LOGIN_MAX_FAILURES_ACCOUNT; the launcher does not change it. */
const ACCOUNT_FAILURE_LIMIT = Number(process.env.LOGIN_MAX_FAILURES_ACCOUNT ?? 5);
const letters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

let identity: Instance[];
let customers: Instance[];
let ownerToken = '';
let storeId = 0;
const created: number[] = [];

beforeAll(async () => {
  identity = instancesOf('identity');
  customers = instancesOf('customers');
  for (const [name, list] of [['identity', identity], ['customers', customers]] as const) {
    if (list.length < 2) throw new Error(`${name} runs ${list.length} instance(s); these checks need 2 or more (npm test -- --instances identity=2,customers=2)`);
  }
  const owner = demoLogin('owner');
  ownerToken = (await api('POST', 'login', { email: owner.login, password: owner.password })).body.access_token;
  storeId = Number((await api('GET', 'getStoreByPermalink/lotus-nail-spa', undefined, ownerToken)).body.stores[0].id);
});
afterAll(async () => {
  for (const id of created) await api('DELETE', `customer/${id}`, undefined, ownerToken);
});

async function signUp(prefix: string, password: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  await registerVerified(email, password);
  const token = (await api('POST', 'login', { email, password })).body.access_token as string;
  return { email, token };
}

describe('several instances behind the gateway', () => {
  it("when an owner asks each customers instance for another store's customer, then each refuses (403/404) while that store's owner gets it from each", async () => {
    const other = await signUp('other-owner', 'Other-pass-1');
    const n = Date.now() % 100000;
    const store = await api('POST', 'store', {
      name: `Other Salon ${n}`, street: '2 Main St', city: 'Easton', state: 'PA', zip: '18042', email: other.email, phone: '6105550111',
      username: `other-${n}`, password: 'Kiosk-pass-8', password_confirmation: 'Kiosk-pass-8',
    }, other.token);
    expect(store.status).toBe(201);
    const otherStoreId = Number(store.body.store.id);
    const fname = `private ${letters()}`;
    const made = await api('POST', 'customer', { storeId: otherStoreId, fname, lname: 'client', phone: '' }, other.token);
    expect(made.status).toBe(201);
    const id = made.body.customer.id as number;

    for (const instance of customers) {
      const own = await callInstance(instance, 'GET', `customer/${id}`, undefined, other.token);
      expect({ instance: instance.name, status: own.status, fname: own.body?.customer?.fname }).toEqual({ instance: instance.name, status: 200, fname });
      const foreign = await callInstance(instance, 'GET', `customer/${id}`, undefined, ownerToken);
      expect({ instance: instance.name, refused: [403, 404].includes(foreign.status) }).toEqual({ instance: instance.name, refused: true });
      const search = await callInstance(instance, 'GET', `searchCustomer/${otherStoreId}/${encodeURIComponent(fname)}`, undefined, ownerToken);
      expect({ instance: instance.name, refused: [403, 404].includes(search.status) }).toEqual({ instance: instance.name, refused: true });
    }
  });

  it('when wrong passwords for one account are spread over the identity instances, then it is locked after the limit whichever instance answers next', async () => {
    const password = 'Lockout-pass-1';
    const { email } = await signUp('lockout', password);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      const instance = identity[i % identity.length];
      const res = await callInstance(instance, 'POST', 'login', { email, password: `wrong-${i}` });
      expect({ attempt: i + 1, instance: instance.name, status: res.status }).toEqual({ attempt: i + 1, instance: instance.name, status: 401 });
    }
    for (const instance of identity) {
      const res = await callInstance(instance, 'POST', 'login', { email, password });
      expect({ instance: instance.name, status: res.status }).toEqual({ instance: instance.name, status: 429 });
    }
  });

  it('when a customer is created through one customers instance, then searching through each other instance finds it at once', async () => {
    const misses: string[] = [];
    for (const writer of customers) {
      const fname = `found ${letters()}`;
      const made = await callInstance(writer, 'POST', 'customer', { storeId, fname, lname: 'searchable', phone: '' }, ownerToken);
      expect(made.status).toBe(201);
      const id = made.body.customer.id as number;
      created.push(id);
      for (const reader of customers) {
        const res = await callInstance(reader, 'GET', `searchCustomer/${storeId}/${encodeURIComponent(fname)}`, undefined, ownerToken);
        expect(res.status).toBe(200);
        const ids = (res.body.customers as Array<{ id: number }>).map((c) => c.id);
        if (!ids.includes(id)) misses.push(`created through ${writer.name}, not found through ${reader.name}`);
      }
    }
    expect(misses).toEqual([]);
  });
});
