import { NOT_LIMITED_READ, ROLES, startCustomers, type Harness } from '../test/world';

/** The same behaviour is expected from the in-process index and from the database fallback. */
describe.each([
  ['the in-process index', 'on'],
  ['the database (index off)', 'off'],
])('customer search answered from %s', (_label, mode) => {
  let h: Harness;
  let ids: Record<string, number>;
  const get = (path: string, who: Parameters<Harness['auth']>[0] = 'staff') => h.http().get(path).set(h.auth(who));
  const idsOf = (res: { body: { customers: Array<{ id: number }> } }) => res.body.customers.map((c) => c.id);

  beforeAll(async () => {
    h = await startCustomers({ CUSTOMER_SEARCH_INDEX: mode });
    ids = {};
    const seed: Array<[string, Record<string, unknown>, number?]> = [
      ['john', { fname: 'John', lname: 'Smith', phone: '5551234567', email: 'john.smith@mail.com' }],
      ['johnny', { fname: 'Johnny', lname: 'Appleseed', phone: '5559876543' }],
      ['mary', { fname: 'Mary', lname: 'Johnson', phone: '5550001234', email: 'mj@x.io' }],
      ['dotstar', { fname: 'a.*b', lname: '(paren', email: 'back\\slash@x.io' }],
      ['banned', { fname: 'Ban', lname: 'Ned', status: 'BANNED: no show x3', phone: '5554443333' }],
      ['otherJohn', { fname: 'John', lname: 'Elsewhere', phone: '5551234567' }, 2],
    ];
    for (const [name, fields, store] of seed) ids[name] = (await h.create(fields, store === 2 ? h.S2 : h.S1)).id;
  });
  afterAll(async () => h?.stop());

  it('when searching by a first-name prefix, then matches come back best first with spec fields', async () => {
    const res = await get(`/api/searchCustomer/${h.S1}/joh`);
    expect(res.status).toBe(200);
    // All three start a name with "joh" (mary johnson by her last name): ordered by first name.
    expect(idsOf(res)).toEqual([ids.john, ids.johnny, ids.mary]);
    expect(res.body.customers[0]).toMatchObject({ id: ids.john, fname: 'john', lname: 'smith', phone: '5551234567', banned: false });
    expect(res.headers['server-timing']).toMatch(/^app;dur=[\d.]+$/);
  });

  it('when searching case-insensitively by last name, email or phone digits, then the customer is found', async () => {
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/SMITH`))).toEqual([ids.john]);
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/${encodeURIComponent('MJ@X')}`))).toEqual([ids.mary]);
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/${encodeURIComponent('(555) 987')}`))).toEqual([ids.johnny]);
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/4567`))).toEqual([ids.john]);
  });

  it('when the key has several words, then every word must match (first and last name)', async () => {
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/${encodeURIComponent('john smi')}`))).toEqual([ids.john]);
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/${encodeURIComponent('john nobody')}`))).toEqual([]);
  });

  it.each(['.*', '(', '\\', 'a.*b', '(paren', 'back\\slash', '[', '^$', '+?|{}'])(
    'when the key is %j, then it is matched literally and never errors',
    async (key) => {
      const res = await get(`/api/searchCustomer/${h.S1}/${encodeURIComponent(key)}`);
      expect(res.status).toBe(200);
      const expected = ['.*', 'a.*b'].includes(key) ? [ids.dotstar] : ['(', '(paren', '\\', 'back\\slash'].includes(key) ? [ids.dotstar] : [];
      expect(idsOf(res)).toEqual(expected);
    },
  );

  it('when the same regex metacharacters are given to the name-and-phone search, then they are literal too', async () => {
    const res = await get(`/api/searchCustomerByNameAndPhone/${h.S1}/${encodeURIComponent('.*')}/${encodeURIComponent('(')}/null`);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([ids.dotstar]);
    expect(idsOf(await get(`/api/searchCustomerByNameAndPhone/${h.S1}/${encodeURIComponent('\\')}/null/null`))).toEqual([]);
  });

  it('when another store has a matching customer, then it never appears', async () => {
    const res = await get(`/api/searchCustomer/${h.S1}/elsewhere`);
    expect(idsOf(res)).toEqual([]);
    const byPhone = await get(`/api/searchCustomerByNameAndPhone/${h.S1}/null/null/5551234567`);
    expect(idsOf(byPhone)).toEqual([ids.john]);
    expect(idsOf(await get(`/api/searchCustomerById/${h.S1}/${ids.otherJohn}`))).toEqual([]);
  });

  it('when searching by name and phone, then any subset of the parts narrows the list; all "null" gives none', async () => {
    expect(idsOf(await get(`/api/searchCustomerByNameAndPhone/${h.S1}/john/null/null`))).toEqual([ids.john, ids.johnny]);
    expect(idsOf(await get(`/api/searchCustomerByNameAndPhone/${h.S1}/john/smith/null`))).toEqual([ids.john]);
    expect(idsOf(await get(`/api/searchCustomerByNameAndPhone/${h.S1}/null/null/${encodeURIComponent('(555) 000')}`))).toEqual([ids.mary]);
    expect(idsOf(await get(`/api/searchCustomerByNameAndPhone/${h.S1}/jo/null/9876`))).toEqual([ids.johnny]);
    expect(idsOf(await get(`/api/searchCustomerByNameAndPhone/${h.S1}/null/null/null`))).toEqual([]);
    // lname "john" is matched against last names only: mary johnson.
    expect(idsOf(await get(`/api/searchCustomerByNameAndPhone/${h.S1}/null/john/null`))).toEqual([ids.mary]);
  });

  it('when a banned customer matches, then it is listed and marked banned', async () => {
    const res = await get(`/api/searchCustomer/${h.S1}/ban`);
    expect(res.body.customers).toEqual([expect.objectContaining({ id: ids.banned, banned: true, status: 'BANNED: no show x3' })]);
  });

  it('when searching by id, then only that customer of this store comes back', async () => {
    expect(idsOf(await get(`/api/searchCustomerById/${h.S1}/${ids.mary}`))).toEqual([ids.mary]);
    expect(idsOf(await get(`/api/searchCustomerById/${h.S1}/999999`))).toEqual([]);
  });

  it('when a customer is edited or deleted, then the next search reflects it at once', async () => {
    const c = await h.create({ fname: 'Zelda', lname: 'Quick' });
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/zelda`))).toEqual([c.id]);
    await h.http().patch(`/api/customer/${c.id}`).set(h.auth('owner')).send({ fname: 'Xena' });
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/zelda`))).toEqual([]);
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/xena`))).toEqual([c.id]);
    await h.http().delete(`/api/customer/${c.id}`).set(h.auth('owner'));
    expect(idsOf(await get(`/api/searchCustomer/${h.S1}/xena`))).toEqual([]);
  });

  it('when more than 50 customers match, then a page is 50, the next page the rest, no one twice, and more says when to stop', async () => {
    for (let i = 0; i < 55; i++) await h.create({ fname: `many${i}` });
    const first = await get(`/api/searchCustomer/${h.S1}/many`);
    expect([first.body.customers.length, first.body.more]).toEqual([50, true]);
    const second = await get(`/api/searchCustomer/${h.S1}/many?page=1`);
    expect([second.body.customers.length, second.body.more]).toEqual([5, false]);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(55);
    const byParts = await get(`/api/searchCustomerByNameAndPhone/${h.S1}/many/null/null?page=1`);
    expect([byParts.body.customers.length, byParts.body.more]).toEqual([5, false]);
    expect((await get(`/api/searchCustomerByNameAndPhone/${h.S1}/many/null/null?page=2`)).body).toEqual({ customers: [], more: false });
  }, 60_000);

  it.each(['-1', '1.5', 'x', '200'])('when the page is %s, then 400 naming page', async (page) => {
    const res = await get(`/api/searchCustomer/${h.S1}/john?page=${page}`);
    expect([res.status, res.body.field]).toEqual([400, 'page']);
  });

  it.each([
    ['searchCustomer/x/john', 'storeId'],
    [`searchCustomer/{S1}/${'a'.repeat(101)}`, 'key'],
    [`searchCustomer/{S1}/${encodeURIComponent('   ')}`, 'key'],
    ['searchCustomerByNameAndPhone/x/a/b/null', 'storeId'],
    ['searchCustomerByNameAndPhone/{S1}/a/b/abc', 'phone'],
    [`searchCustomerByNameAndPhone/{S1}/${'a'.repeat(101)}/null/null`, 'fname'],
    ['searchCustomerById/{S1}/abc', 'id'],
    ['searchCustomerById/x/1', 'storeId'],
  ])('when the path is %s, then 400 naming %s', async (path, field) => {
    const res = await get(`/api/${path.replace('{S1}', String(h.S1))}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  if (mode === 'on') {
    describe.each([
      ['searchCustomer', (s: number) => `/api/searchCustomer/${s}/john`],
      ['searchCustomerByNameAndPhone', (s: number) => `/api/searchCustomerByNameAndPhone/${s}/john/null/null`],
      ['searchCustomerById', (s: number) => `/api/searchCustomerById/${s}/1`],
    ])('access to %s', (_name, path) => {
      it.each(ROLES)('when %s searches store 1, then the status matches storeNotLimited and refusals carry no data', async (role) => {
        const res = await h.http().get(path(h.S1)).set(h.auth(role));
        expect(res.status).toBe(NOT_LIMITED_READ[role]);
        if (res.status !== 200) expect(res.body.customers).toBeUndefined();
      });
      it('when the store login or the platform super admin searches, then it is allowed', async () => {
        expect((await h.http().get(path(h.S1)).set(h.auth('storeLogin'))).status).toBe(200);
        expect((await h.http().get(path(h.S1)).set(h.auth('platform'))).status).toBe(200);
      });
    });
  }
});
