import { count, ROLES, startWorld, type Role, type World } from '../test/world';

let w: World;
let serviceId: number;
let otherStoreServiceId: number;
beforeAll(async () => {
  w = await startWorld();
  serviceId = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Gel Manicure', duration: 45, icon: '12', type: 'ALL' }).expect(201)).body.service.id;
  otherStoreServiceId = (await w.as('other').post('/api/service', { storeId: w.otherStore.id, name: 'Secret', duration: 30, icon: 3 }).expect(201)).body.service.id;
}, 60_000);
afterAll(async () => w?.stop());

const create = (body: object) => w.as('owner').post('/api/service', { storeId: w.store.id, ...body });

describe('services', () => {
  it('when the owner creates a service, then it answers the spec fields with price in dollars and cents', async () => {
    const res = await create({ name: 'Pedicure', duration: '60', icon: 7, type: 'external' }).expect(201);
    expect(res.body.service).toEqual({
      id: expect.any(Number), storeId: w.store.id, name: 'Pedicure', duration: 60, price: 0, priceCents: 0,
      color: 'f9f9fa', icon: '7', type: 'EXTERNAL', status: 'ON', sortIndex: expect.any(Number),
    });
  });

  it('when the owner edits name, price, colour, duration, icon and type, then the service shows them', async () => {
    const res = await w.as('owner').patch(`/api/service/${serviceId}`, {
      name: 'Gel Mani', price: '35.5', color: '#FF00AA', duration: 50, icon: '13', type: 'INTERNAL',
    }).expect(200);
    expect(res.body.service).toMatchObject({ name: 'Gel Mani', price: 35.5, priceCents: 3550, color: 'ff00aa', duration: 50, icon: '13', type: 'INTERNAL' });
    const got = await w.as('staff').get(`/api/service/${serviceId}`).expect(200);
    expect(got.body.service.price).toBe(35.5);
    await w.as('owner').patch(`/api/service/${serviceId}`, { type: 'ALL' }).expect(200);
  });

  it('when a service icon is a URL, a path or a number outside our set, then 400 naming icon and nothing changes', async () => {
    for (const icon of ['https://evil.example/x.png', '//evil.example/x.png', '/icons/13.png', 'javascript:alert(1)', '0', 68, '1.5', '']) {
      const res = await create({ name: 'Bad icon', duration: 30, icon }).expect(400);
      expect([icon, res.body.field, res.body.code]).toEqual([icon, 'icon', 'validation']);
      const patch = await w.as('owner').patch(`/api/service/${serviceId}`, { icon }).expect(400);
      expect(patch.body.field).toBe('icon');
    }
    expect((await w.as('staff').get(`/api/service/${serviceId}`).expect(200)).body.service.icon).toBe('13');
  });

  it('when a service stored before icons were limited holds an image URL, then it is answered without it', async () => {
    await w.svc.db.collection('services').updateOne({ _id: otherStoreServiceId } as never, { $set: { icon: 'https://evil.example/x.png' } });
    const got = await w.as('other').get(`/api/service/${otherStoreServiceId}`).expect(200);
    expect(got.body.service.icon).toBe('');
  });

  it('when a price has cents, then it keeps them on create, edit and read ($27.50 stays 27.5, 2750 cents)', async () => {
    const created = (await create({ name: 'Cents', duration: 30, icon: 5, price: 27.5 }).expect(201)).body.service;
    expect(created).toMatchObject({ price: 27.5, priceCents: 2750 });
    const edited = await w.as('owner').patch(`/api/service/${created.id}`, { price: '19.99' }).expect(200);
    expect(edited.body.service).toMatchObject({ price: 19.99, priceCents: 1999 });
    expect((await w.as('staff').get(`/api/service/${created.id}`).expect(200)).body.service).toMatchObject({ price: 19.99, priceCents: 1999 });
    expect((await w.svc.db.collection('services').findOne({ _id: created.id } as never))?.priceCents).toBe(1999);
  });

  it('when a price has fractions of a cent, then it answers 400 on price instead of rounding it', async () => {
    const res = await create({ name: 'Fraction', duration: 30, icon: 5, price: 27.555 }).expect(400);
    expect(res.body.field).toBe('price');
    const patch = await w.as('owner').patch(`/api/service/${serviceId}`, { price: 1.005 }).expect(400);
    expect(patch.body.field).toBe('price');
  });

  it('when services are listed, then all live ones come in sort order and the external list leaves INTERNAL out', async () => {
    const a = (await create({ name: 'A Internal', duration: 15, icon: 1, type: 'INTERNAL' })).body.service;
    const b = (await create({ name: 'B External', duration: 15, icon: 1, type: 'EXTERNAL' })).body.service;
    await w.as('owner').post(`/api/updateServiceSortIndex/${b.id}`, { sortIndex: 0 }).expect(200);
    await w.as('owner').post(`/api/updateServiceSortIndex/${a.id}`, { sortIndex: 1 }).expect(200);
    await w.as('owner').post(`/api/updateServiceSortIndex/${serviceId}`, { sortIndex: 2 }).expect(200);
    const all = (await w.as('limited').get(`/api/getServicesByStoreId/${w.store.id}`).expect(200)).body.services;
    const mine = new Set([a.id, b.id, serviceId]);
    expect(all.map((s: { id: number }) => s.id).filter((id: number) => mine.has(id))).toEqual([b.id, a.id, serviceId]);
    const ext = (await w.as('staff').get(`/api/getExternalServicesByStoreId/${w.store.id}`).expect(200)).body.services;
    expect(ext.map((s: { type: string }) => s.type)).not.toContain('INTERNAL');
    expect(ext.map((s: { id: number }) => s.id)).toContain(b.id);
    const pub = (await w.as(null).get(`/api/public_getExternalServicesByStoreId/${w.store.id}`).expect(200)).body.services;
    expect(pub.map((s: { id: number }) => s.id)).toEqual(ext.map((s: { id: number }) => s.id));
    expect(all.every((s: { storeId: number }) => s.storeId === w.store.id)).toBe(true);
  });

  it('when a service is deleted, then it is gone from lists and reads', async () => {
    const s = (await create({ name: 'Temp', duration: 10, icon: 2 })).body.service;
    await w.as('owner').delete(`/api/service/${s.id}`).expect(200, { success: true });
    await w.as('owner').get(`/api/service/${s.id}`).expect(404);
    const all = (await w.as('owner').get(`/api/getServicesByStoreId/${w.store.id}`).expect(200)).body.services;
    expect(all.map((x: { id: number }) => x.id)).not.toContain(s.id);
  });

  it.each([
    ['name', { name: '' }, 'Please give your service a name'],
    ['name', { name: undefined }, 'Please give your service a name'],
    ['duration', { duration: undefined }, 'Please enter a duration'],
    ['duration', { duration: 0 }, 'Please enter a duration'],
    ['duration', { duration: 'abc' }, ''],
    ['icon', { icon: undefined }, ''],
    ['icon', { icon: 99 }, ''],
    ['type', { type: 'SOMETIMES' }, ''],
    ['price', { price: -1 }, ''],
    ['storeId', { storeId: 'x' }, ''],
  ])('when creating with a bad %s, then it answers 400 naming it and writes nothing', async (field, over, message) => {
    const before = await count(w, 'services');
    const res = await create({ name: 'Nice', duration: 30, icon: 4, ...over }).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(`${field}: ${message}`);
    expect(await count(w, 'services')).toBe(before);
  });

  it.each([
    ['PATCH', 'price', { price: 'free' }],
    ['PATCH', 'duration', { duration: -5 }],
    ['PATCH', 'color', { color: 'blue' }],
    ['PATCH', 'name', { name: ' ' }],
    ['SORT', 'sortIndex', { sortIndex: 'first' }],
    ['SORT', 'sortIndex', {}],
  ])('when a %s has a bad %s, then it answers 400 and nothing changes', async (kind, field, body) => {
    const before = await w.svc.db.collection('services').findOne({ _id: serviceId } as never);
    const res = kind === 'PATCH'
      ? await w.as('owner').patch(`/api/service/${serviceId}`, body).expect(400)
      : await w.as('owner').post(`/api/updateServiceSortIndex/${serviceId}`, body).expect(400);
    expect(res.body.field).toBe(field);
    expect(await w.svc.db.collection('services').findOne({ _id: serviceId } as never)).toEqual(before);
  });

  it('when the id is not a number or unknown, then it answers 400 or 404', async () => {
    expect((await w.as('owner').get('/api/service/abc').expect(400)).body.field).toBe('id');
    await w.as('owner').get('/api/service/999999').expect(404);
  });

  describe('access (the route table: the owner manages services, members read them)', () => {
    const member = { owner: 200, admin: 200, superadmin: 200, limited: 200, staff: 200, other: 403, customer: 403, none: 401 };
    const ownerOnly = { owner: 200, admin: 403, superadmin: 403, limited: 403, staff: 403, other: 403, customer: 403, none: 401 };
    const ownerCreates = { ...ownerOnly, owner: 201 };
    const everyone = { owner: 200, admin: 200, superadmin: 200, limited: 200, staff: 200, other: 200, customer: 200, none: 200 };
    const table: Array<[string, Record<Role, number>, (r: Role) => Promise<{ status: number }>]> = [
      ['GET service/{id}', member, (r) => w.as(r).get(`/api/service/${serviceId}`)],
      ['POST service', ownerCreates, (r) => w.as(r).post('/api/service', { storeId: w.store.id, name: `by ${r}`, duration: 15, icon: 1 })],
      ['PATCH service/{id}', ownerOnly, (r) => w.as(r).patch(`/api/service/${serviceId}`, { duration: 50 })],
      ['POST updateServiceSortIndex/{id}', ownerOnly, (r) => w.as(r).post(`/api/updateServiceSortIndex/${serviceId}`, { sortIndex: 2 })],
      ['GET getServicesByStoreId', member, (r) => w.as(r).get(`/api/getServicesByStoreId/${w.store.id}`)],
      ['GET getExternalServicesByStoreId', member, (r) => w.as(r).get(`/api/getExternalServicesByStoreId/${w.store.id}`)],
      ['GET public_getExternalServicesByStoreId', everyone, (r) => w.as(r).get(`/api/public_getExternalServicesByStoreId/${w.store.id}`)],
    ];
    it.each(table)('when %s is called by each role, then only the allowed ones pass', async (_name, expected, call) => {
      const got: Record<string, number> = {};
      for (const r of ROLES) got[r] = (await call(r)).status;
      expect(got).toEqual(expected);
    });

    it('when anyone but the owner deletes a service, then it is refused and the service stays', async () => {
      const got: Record<string, number> = {};
      for (const r of ROLES.filter((x) => x !== 'owner')) got[r] = (await w.as(r).delete(`/api/service/${serviceId}`)).status;
      expect(got).toEqual({ admin: 403, superadmin: 403, limited: 403, staff: 403, other: 403, customer: 403, none: 401 });
      await w.as('owner').get(`/api/service/${serviceId}`).expect(200);
    });

    it("when our owner touches another store's service, then no data comes back and nothing changes", async () => {
      const read = await w.as('owner').get(`/api/service/${otherStoreServiceId}`);
      expect(read.status).toBe(403);
      expect(read.body).not.toHaveProperty('service');
      await w.as('owner').patch(`/api/service/${otherStoreServiceId}`, { name: 'mine now' }).expect(403);
      await w.as('owner').delete(`/api/service/${otherStoreServiceId}`).expect(403);
      await w.as('owner').post('/api/service', { storeId: w.otherStore.id, name: 'x', duration: 5, icon: 1 }).expect(403);
      const list = await w.as('owner').get(`/api/getServicesByStoreId/${w.otherStore.id}`).expect(403);
      expect(list.body).not.toHaveProperty('services');
      expect((await w.svc.db.collection('services').findOne({ _id: otherStoreServiceId } as never))?.name).toBe('Secret');
    });
  });
});
