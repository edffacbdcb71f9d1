import { MESSAGES } from '@turnbook/contracts';
import { startWorld, storeBody, count, ROLES, type Role, type World } from '../test/world';

let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 60_000);
afterAll(async () => w?.stop());

describe('stores', () => {
  it('when a professional creates a store, then it answers the store with the spec fields, lower-cased, and makes its account', async () => {
    const body = storeBody({ name: 'Happy Nails', username: `Happy${Date.now()}` });
    const res = await w.as('owner').post('/api/store', body).expect(201);
    const s = res.body.store;
    expect(s).toMatchObject({
      name: 'happy nails',
      street: '1 main st',
      address2: '',
      city: 'philadelphia',
      state: 'PA',
      zip: '19103',
      email: 'studio@example.com',
      phone: '2155550123',
      permalink: 'happy-nails',
      username: body.username.toLowerCase(),
      ownerId: w.ids.owner,
      status: 'ON',
      timezone: 'America/New_York',
      settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false },
    });
    expect(s.hours).toEqual({
      mon: '10:00 am-6:00 pm', tue: '10:00 am-6:00 pm', wed: 'closed-closed', thu: 'closed-closed',
      fri: 'closed-closed', sat: 'closed-closed', sun: 'closed-closed',
    });
    expect(w.identity.accounts.get(s.id)).toMatchObject({ username: s.username, permalink: 'happy-nails', ownerId: w.ids.owner, password: 'secret-pass' });
    const mine = await w.as('owner').get(`/api/getStoreByOwnerId/${w.ids.owner}`).expect(200);
    expect(mine.body.stores.map((x: { id: number }) => x.id)).toContain(s.id);
  });

  it("when the owner says 'I also take appointments', then they are a staff member of the new store at once (their own names, no invitation) and bookable", async () => {
    const s = await w.createStore('owner', { name: 'Solo Studio', ownerTakesAppointments: true });
    const staff = (await w.as('owner').get(`/api/getStaffsByStoreId/${s.id}`).expect(200)).body.employees;
    expect(staff).toEqual([expect.objectContaining({ userId: w.ids.owner, fname: 'owner', online_booking: 'ON', archived: false, role: 'admin' })]);
    const invitations = (await w.as('owner').get(`/api/staff-invitations/${s.id}`).expect(200)).body.invitations;
    expect(invitations).toEqual([]);
    const bookable = (await w.as('none').get(`/api/public_getStaffsByStoreId/${s.id}`)).body;
    expect(JSON.stringify(bookable)).toContain(String(staff[0].id));
  });

  it("when the owner does not say 'I also take appointments', then the new store has no staff", async () => {
    const s = await w.createStore('owner', { name: 'Team Studio' });
    expect((await w.as('owner').get(`/api/getStaffsByStoreId/${s.id}`).expect(200)).body.employees).toEqual([]);
  });

  it('when two stores have the same name, then the second permalink gets -2 and the third -3', async () => {
    const a = await w.createStore('owner', { name: 'Twin Spa' });
    const b = await w.createStore('owner', { name: 'twin spa' });
    const c = await w.createStore('owner', { name: 'Twin  Spa' });
    expect([a.permalink, b.permalink, c.permalink]).toEqual(['twin-spa', 'twin-spa-2', 'twin-spa-3']);
  });

  it('when the passwords differ, then it answers 400 "Password didn\'t match" and writes nothing', async () => {
    const before = await count(w, 'stores');
    const res = await w.as('owner').post('/api/store', storeBody({ password_confirmation: 'other' })).expect(400);
    expect(res.body).toMatchObject({ message: MESSAGES.passwordMismatch, field: 'password_confirmation' });
    expect(await count(w, 'stores')).toBe(before);
  });

  it.each([
    ['name', { name: '' }],
    ['street', { street: undefined }],
    ['city', { city: '  ' }],
    ['state', { state: 'XX' }],
    ['zip', { zip: '1234' }],
    ['email', { email: 'not-an-email' }],
    ['phone', { phone: '555' }],
    ['username', { username: '' }],
    ['password', { password: '' }],
    ['hours.wed', { hours: { wed: '6:00 pm-9:00 am' } }],
    ['hours', { hours: 42 }],
    ['timezone', { timezone: 'Mars/Olympus' }],
    ['settings.turnsBlock', { settings: { turnsBlock: 'yes' } }],
  ])('when creating with a bad %s, then it answers 400 naming it and writes nothing', async (field, over) => {
    const before = await count(w, 'stores');
    const res = await w.as('owner').post('/api/store', storeBody(over)).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(`${field}:`);
    expect(await count(w, 'stores')).toBe(before);
  });

  it('when the hours come as JSON text and a zone and settings are given, then they are kept', async () => {
    const res = await w.as('owner').post('/api/store', storeBody({
      name: 'Zoned', hours: JSON.stringify({ sat: '09:00 AM-05:30 PM' }), timezone: 'America/Los_Angeles', settings: { turnsBlock: true },
    })).expect(201);
    expect(res.body.store.hours.sat).toBe('9:00 am-5:30 pm');
    expect(res.body.store.timezone).toBe('America/Los_Angeles');
    expect(res.body.store.settings).toEqual({ turnsBlock: true, cancelAndText: false, autoTextOnApprove: false });
  });

  it('when identity says the username is taken, then it answers 409 on username and leaves no store behind', async () => {
    const first = await w.createStore('owner', { name: 'Taken One' });
    const before = await count(w, 'stores');
    const res = await w.as('owner').post('/api/store', storeBody({ name: 'Taken Two', username: first.username })).expect(409);
    expect(res.body).toMatchObject({ field: 'username', message: MESSAGES.usernameTaken });
    expect(await count(w, 'stores')).toBe(before);
    expect(await count(w, 'stores', { permalink: 'taken-two' })).toBe(0);
  });

  it('when identity is down, then creating fails and leaves no store behind', async () => {
    const before = await count(w, 'stores');
    w.identity.failNextWith(500);
    await w.as('owner').post('/api/store', storeBody({ name: 'Down Time' })).expect(503);
    expect(await count(w, 'stores')).toBe(before);
  });

  it('when a store is created, then store.membership_changed carries its snapshot and our read model has it', async () => {
    const sub = w.svc.bus.connection.subscribe('evt.store.*.membership_changed');
    const seen: Array<{ data: { storeId: number } }> = [];
    void (async () => {
      for await (const m of sub) seen.push(JSON.parse(m.string()));
    })();
    const s = await w.createStore('owner', { name: 'Evented' });
    await waitFor(() => seen.some((e) => e.data.storeId === s.id));
    sub.unsubscribe();
    expect(seen.find((e) => e.data.storeId === s.id)!.data).toEqual({
      storeId: s.id, version: expect.any(Number), ownerId: w.ids.owner, permalink: 'evented', status: 'ON', members: [],
    });
    const local = await w.svc.memberships.model.findById(s.id).lean();
    expect(local).toMatchObject({ ownerId: w.ids.owner, permalink: 'evented', status: 'ON' });
  });

  it('when the owner edits the store, then fields, hours, username and permalink change and the account follows', async () => {
    const s = await w.createStore('owner', { name: 'Edit Me' });
    const res = await w.as('owner').patch(`/api/store/${s.id}`, {
      name: 'Edited Place', permalink: 'edited-place', username: 'EditedUser', hours: { mon: '9:00 am-5:00 pm' }, timezone: 'America/Chicago',
      settings: { cancelAndText: true },
    }).expect(200);
    expect(res.body.store).toMatchObject({
      name: 'edited place', permalink: 'edited-place', username: 'editeduser', timezone: 'America/Chicago',
      settings: { turnsBlock: false, cancelAndText: true, autoTextOnApprove: false },
    });
    expect(res.body.store.hours.mon).toBe('9:00 am-5:00 pm');
    expect(w.identity.accounts.get(s.id)).toMatchObject({ username: 'editeduser', permalink: 'edited-place' });
    const local = await w.svc.memberships.model.findById(s.id).lean();
    expect(local?.permalink).toBe('edited-place');
  });

  it('when an edit sends some days of the hours, then those days change and the others keep theirs', async () => {
    const s = await w.createStore('owner', { name: 'One Day' });
    const res = await w.as('owner').patch(`/api/store/${s.id}`, { hours: { mon: 'closed-closed', sat: '09:00 AM-01:00 PM' } }).expect(200);
    expect(res.body.store.hours).toEqual({
      mon: 'closed-closed', tue: '10:00 am-6:00 pm', wed: 'closed-closed', thu: 'closed-closed',
      fri: 'closed-closed', sat: '9:00 am-1:00 pm', sun: 'closed-closed',
    });
    const again = await w.as('owner').get(`/api/getStoreByPermalink/${s.permalink}`).expect(200);
    expect(again.body.stores[0].hours.tue).toBe('10:00 am-6:00 pm');
  });

  it.each([
    ['hours.monday', { hours: { monday: 'closed-closed' } }],
    ['hours.tue', { hours: { mon: 'closed-closed', tue: '6:00 pm-9:00 am' } }],
  ])('when an edit sends a bad %s, then it answers 400 naming it and changes nothing', async (field, body) => {
    const s = await w.createStore('owner', { name: 'Bad Day' });
    const res = await w.as('owner').patch(`/api/store/${s.id}`, body).expect(400);
    expect(res.body.field).toBe(field);
    expect((await w.as('owner').get(`/api/getStoreByPermalink/${s.permalink}`).expect(200)).body.stores[0].hours).toEqual(s.hours);
  });

  it('when the new permalink belongs to another store, then it answers 409 on permalink and changes nothing', async () => {
    const s = await w.createStore('owner', { name: 'Keep Mine' });
    const res = await w.as('owner').patch(`/api/store/${s.id}`, { permalink: w.store.permalink, name: 'x' }).expect(409);
    expect(res.body.field).toBe('permalink');
    expect((await w.svc.db.collection('stores').findOne({ _id: s.id } as never))?.name).toBe('keep mine');
  });

  it('when a store with a -2 permalink is saved with the permalink its name gives, then it saves and keeps its permalink', async () => {
    await w.createStore('owner', { name: 'Same Name' });
    const second = await w.createStore('owner', { name: 'Same Name' });
    expect(second.permalink).toBe('same-name-2');
    // What the settings screen sends: the permalink derived from the (unchanged) name.
    const res = await w.as('owner').patch(`/api/store/${second.id}`, { name: 'Same Name', permalink: 'same-name', zip: '19104' }).expect(200);
    expect(res.body.store).toMatchObject({ permalink: 'same-name-2', zip: '19104' });
    await w.as('owner').patch(`/api/store/${second.id}`, { name: 'Same Name', permalink: 'same-name', zip: '19105' }).expect(200);
  });

  it.each([['Nails #1'], ['A/B Salon?'], ['100% Nails'], ['Back\\Slash Spa']])(
    'when the store %p is saved with the raw permalink its name gives, then it saves and keeps its permalink',
    async (name) => {
      const s = await w.createStore('owner', { name });
      const raw = name.toLowerCase().replace(/\s+/g, '-');
      const res = await w.as('owner').patch(`/api/store/${s.id}`, { name, permalink: raw, city: 'Camden' }).expect(200);
      expect(res.body.store).toMatchObject({ permalink: s.permalink, city: 'camden' });
    },
  );

  it('when a store is renamed, then its new permalink works and the old link still opens it, for members and the booking page', async () => {
    const s = await w.createStore('owner', { name: 'Old Name Salon' });
    const res = await w.as('owner').patch(`/api/store/${s.id}`, { name: 'New Name Salon', permalink: 'new-name-salon' }).expect(200);
    expect(res.body.store.permalink).toBe('new-name-salon');
    for (const p of ['old-name-salon', 'new-name-salon']) {
      // Access is the store's, found through the old link too: another store's member learns nothing.
      await w.as('admin').get(`/api/getStoreByPermalink/${p}`).expect(403);
      const owner = await w.as('owner').get(`/api/getStoreByPermalink/${p}`).expect(200);
      expect(owner.body.stores[0]).toMatchObject({ id: s.id, permalink: 'new-name-salon' });
      const pub = await w.as(null).get(`/api/public_getStoreByPermalink/${p}`).expect(200);
      expect(pub.body.stores[0]).toMatchObject({ id: s.id, permalink: 'new-name-salon' });
    }
    // A new store with the old name does not take the old link.
    const newcomer = await w.createStore('other', { name: 'Old Name Salon' });
    expect(newcomer.permalink).toBe('old-name-salon-2');
    // Its settings save (the base it sends is its own name's, no change) and the old link stays the first store's.
    const saved = await w.as('other').patch(`/api/store/${newcomer.id}`, { name: 'Old Name Salon', permalink: 'old-name-salon' }).expect(200);
    expect(saved.body.store.permalink).toBe('old-name-salon-2');
    expect((await w.as(null).get('/api/public_getStoreByPermalink/old-name-salon').expect(200)).body.stores[0].id).toBe(s.id);
    // Nor can another store rename onto it.
    const third = await w.createStore('other', { name: 'Third Place' });
    const taken = await w.as('other').patch(`/api/store/${third.id}`, { permalink: 'old-name-salon' }).expect(409);
    expect(taken.body).toMatchObject({ code: 'permalinkTaken', field: 'permalink', message: MESSAGES.permalinkTaken });
    expect((await w.svc.db.collection('stores').findOne({ _id: third.id } as never))?.permalink).toBe('third-place');
  });

  it('when a path param cannot be a permalink, then the public lookup answers 400 naming it and the member lookup 404 (or 400), never a lookup or a 500', async () => {
    for (const p of ['%2E%2E', '.', '%20%20', 'a%3Fb', 'a%23b', 'a%25b', 'a%5Cb', 'a%3Cb%3E', 'zero%E2%80%8Bwidth', 'x'.repeat(201)]) {
      const pub = await w.as(null).get(`/api/public_getStoreByPermalink/${p}`);
      expect([p, pub.status, pub.body.field]).toEqual([p, 400, 'permalink']);
      // The member call finds its record before validating (access first): none has it, so 404 (400 when blank).
      const member = await w.as('owner').get(`/api/getStoreByPermalink/${p}`);
      expect([p, member.body.code]).toEqual([p, member.status === 400 ? 'validation' : 'notFound']);
      expect([400, 404]).toContain(member.status);
    }
    expect((await w.as(null).get('/api/public_getStoreByPermalink/%FF').expect(400)).body.code).toBe('validation');
    await w.as(null).get('/api/public_getStoreByPermalink/no-such-store-here').expect(404);
  });

  it("when the kiosk tablet asks for its app's manifest, then it is the store's own, full screen, with icons, opening on the store's kiosk page; an unknown store is not found", async () => {
    const s = await w.createStore('owner', { name: 'Lotus Kiosk Spa' });
    const res = await w.as(null).get(`/api/public_getKioskManifest/${s.permalink}`).expect(200);
    expect(res.body).toMatchObject({ name: 'Lotus Kiosk Spa', start_url: `/kiosk/${s.permalink}`, scope: '/kiosk/', display: 'fullscreen' });
    expect(res.body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    await w.as(null).get('/api/public_getKioskManifest/no-such-store-here').expect(404);
  });

  it('when a store name holds characters a URL cannot carry, then it is created with them dropped and found by that permalink', async () => {
    const s = await w.createStore('owner', { name: '"Nails" <Spa>\u200B #1' });
    expect(s.permalink).toBe('nails-spa-1');
    const found = await w.as(null).get(`/api/public_getStoreByPermalink/${encodeURIComponent('NAILS-SPA-1')}`).expect(200);
    expect(found.body.stores[0].id).toBe(s.id);
  });

  it('when only the name changes, then the permalink stays', async () => {
    const s = await w.createStore('owner', { name: 'Name Only' });
    const res = await w.as('owner').patch(`/api/store/${s.id}`, { name: 'Another Name' }).expect(200);
    expect(res.body.store).toMatchObject({ name: 'another name', permalink: 'name-only' });
  });

  it.each([
    ['state', { state: 'ZZ' }],
    ['permalink', { permalink: '  ' }],
    ['hours.fri', { hours: { fri: 'whenever' } }],
    ['email', { email: 'x' }],
  ])('when editing with a bad %s, then it answers 400 naming it', async (field, body) => {
    const res = await w.as('owner').patch(`/api/store/${w.store.id}`, body).expect(400);
    expect(res.body.field).toBe(field);
  });

  it('when a store is removed, then it is archived (OFF), its account is gone, and lookups answer 404', async () => {
    const s = await w.createStore('owner', { name: 'Short Lived' });
    await w.as('owner').get(`/api/removeStore/${s.id}`).expect(200, { success: true });
    const doc = await w.svc.db.collection('stores').findOne({ _id: s.id } as never);
    expect(doc?.status).toBe('OFF');
    expect(w.identity.accounts.has(s.id)).toBe(false);
    await w.as('owner').get(`/api/getStoreByPermalink/${s.permalink}`).expect(404);
    await w.as(null).get(`/api/public_getStoreByPermalink/${s.permalink}`).expect(404);
    const owned = await w.as('owner').get(`/api/getStoreByOwnerId/${w.ids.owner}`).expect(200);
    expect(owned.body.stores.map((x: { id: number }) => x.id)).not.toContain(s.id);
    const all = await w.as(w.superAdmin).get('/api/getAllStores').expect(200);
    expect(all.body.stores.find((x: { id: number }) => x.id === s.id)?.status).toBe('OFF');
    expect((await w.svc.memberships.model.findById(s.id).lean())?.status).toBe('OFF');
  });

  it('when staff look up their workplaces, then they get the stores they work at, not ones they own', async () => {
    const res = await w.as('admin').get(`/api/getStoreByUserId/${w.ids.admin}`).expect(200);
    expect(res.body.stores.map((s: { id: number }) => s.id)).toEqual([w.store.id]);
    const own = await w.as('owner').get(`/api/getStoreByUserId/${w.ids.owner}`).expect(200);
    expect(own.body.stores).toEqual([]);
  });

  it('when the public page reads a store, then it gets no username, owner or settings', async () => {
    const res = await w.as(null).get(`/api/public_getStoreByPermalink/${w.store.permalink}`).expect(200);
    expect(res.body.stores).toHaveLength(1);
    expect(res.body.stores[0]).toMatchObject({ id: w.store.id, name: 'nail studio', hours: expect.any(Object) });
    expect(res.body.stores[0]).not.toHaveProperty('username');
    expect(res.body.stores[0]).not.toHaveProperty('ownerId');
  });

  describe('access (the route table)', () => {
    const member = { owner: 200, admin: 200, superadmin: 200, limited: 200, staff: 200, other: 403, customer: 403, none: 401 };
    const ownerOnly = { owner: 200, admin: 403, superadmin: 403, limited: 403, staff: 403, other: 403, customer: 403, none: 401 };
    const selfOnly = ownerOnly;
    const everyone = { owner: 200, admin: 200, superadmin: 200, limited: 200, staff: 200, other: 200, customer: 200, none: 200 };
    const superOnly = { owner: 403, admin: 403, superadmin: 403, limited: 403, staff: 403, other: 403, customer: 403, none: 401 };
    const table: Array<[string, Record<Role, number>, (r: Role) => Promise<{ status: number }>]> = [
      ['GET getStoreByPermalink', member, (r) => w.as(r).get(`/api/getStoreByPermalink/${w.store.permalink}`)],
      ['GET public_getStoreByPermalink', everyone, (r) => w.as(r).get(`/api/public_getStoreByPermalink/${w.store.permalink}`)],
      ['GET getStoreByOwnerId (the owner\'s id)', selfOnly, (r) => w.as(r).get(`/api/getStoreByOwnerId/${w.ids.owner}`)],
      ['GET getStoreByUserId (the owner\'s id)', selfOnly, (r) => w.as(r).get(`/api/getStoreByUserId/${w.ids.owner}`)],
      ['GET getAllStores', superOnly, (r) => w.as(r).get('/api/getAllStores')],
      ['PATCH store/{id}', ownerOnly, (r) => w.as(r).patch(`/api/store/${w.store.id}`, { zip: '19104' })],
    ];
    it.each(table)('when %s is called by each role, then only the allowed ones pass', async (_name, expected, call) => {
      const got: Record<string, number> = {};
      for (const r of ROLES) got[r] = (await call(r)).status;
      expect(got).toEqual(expected);
    });

    it('when anyone but the owner removes a store, then it is refused and the store stays ON', async () => {
      const got: Record<string, number> = {};
      for (const r of ROLES.filter((x) => x !== 'owner')) got[r] = (await w.as(r).get(`/api/removeStore/${w.store.id}`)).status;
      expect(got).toEqual({ admin: 403, superadmin: 403, limited: 403, staff: 403, other: 403, customer: 403, none: 401 });
      expect((await w.svc.db.collection('stores').findOne({ _id: w.store.id } as never))?.status).toBe('ON');
    });

    it('when a customer or no one creates a store, then it is refused', async () => {
      const before = await count(w, 'stores');
      const byCustomer = await w.as('customer').post('/api/store', storeBody());
      expect([byCustomer.status, byCustomer.body.code, byCustomer.body.message]).toEqual([403, 'professionalOnly', MESSAGES.professionalOnly]);
      expect((await w.as(null).post('/api/store', storeBody())).status).toBe(401);
      expect((await w.as(w.svc.keys.store(w.store.id)).post('/api/store', storeBody())).status).toBe(403);
      expect(await count(w, 'stores')).toBe(before);
    });

    it('when the super admin reads any store by permalink, then it is allowed', async () => {
      const res = await w.as(w.superAdmin).get(`/api/getStoreByPermalink/${w.otherStore.permalink}`);
      expect(res.status).toBe(200);
      expect(res.body.stores[0].id).toBe(w.otherStore.id);
    });
  });
});

async function waitFor(cond: () => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the store username is the owner\'s alone (002)', () => {
  it('when members read the store by permalink or as a workplace, then only the owner gets its username', async () => {
    const byPermalink = async (who: string) => (await w.as(who).get(`/api/getStoreByPermalink/${w.store.permalink}`).expect(200)).body.stores[0];
    expect((await byPermalink('owner')).username).toBe(w.store.username);
    for (const who of ['staff', 'limited', 'admin', 'superadmin', w.svc.keys.store(w.store.id)]) {
      const s = await byPermalink(who);
      expect(s).toMatchObject({ id: w.store.id });
      expect(s).not.toHaveProperty('username');
    }
    const workplace = (await w.as('staff').get(`/api/getStoreByUserId/${w.ids.staff}`).expect(200)).body.stores;
    expect(workplace.map((s: { id: number }) => s.id)).toContain(w.store.id);
    expect(workplace.every((s: object) => !('username' in s))).toBe(true);
    expect((await w.as('owner').get(`/api/getStoreByOwnerId/${w.ids.owner}`).expect(200)).body.stores.find((s: { id: number }) => s.id === w.store.id).username).toBe(w.store.username);
  });
});
