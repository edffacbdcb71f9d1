import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { MESSAGES, type RouteSchemas } from '@turnbook/contracts';
import { testKeys } from '@turnbook/test-kit/tokens';
import { buildApiRouter, PreparedJson, reply, type Handlers, type Loaders } from '../src/router';
import { gunzipSync } from 'node:zlib';
import type { Memberships } from '../src/memberships';
import { errorHandler } from '../src/app';
import { createLogger } from '../src/logger';

// A fake read model: user 7 owns store 42, user 9 is limited staff there, user 5 owns store 43.
const memberships = {
  accessFor: async (caller: { userId?: number; kind?: string; storeId?: number }, storeId: number) => {
    const login = { isStoreLogin: caller.kind === 'store' && caller.storeId === storeId, isKiosk: caller.kind === 'kiosk' && caller.storeId === storeId };
    if (storeId === 42) return { isSuperAdmin: false, isOwner: caller.userId === 7, staffRole: caller.userId === 9 ? 'limited' : null, ...login };
    if (storeId === 43) return { isSuperAdmin: false, isOwner: caller.userId === 5, staffRole: null, isStoreLogin: false };
    return null;
  },
} as unknown as Memberships;

// Records: service 1 is in store 42, service 2 in store 43. Staff 10 (user 9) in store 42. Appointment 3 is a day off in store 42, appointment 4 is in store 43.
const INVITE = '9b1d3c9e-3c1b-4c47-9d55-0a3b4f1c2d11';
const invitationLoads: string[] = [];
const appointmentLoads: number[] = [];
const services = new Map([[1, { _id: 1, storeId: 42, name: 'Manicure' }], [2, { _id: 2, storeId: 43, name: 'Pedicure' }]]);
const loaders: Loaders = {
  service: async (id) => (services.get(id) as never) ?? null,
  staff: async (id) => (id === 10 ? ({ _id: 10, storeId: 42, userId: 9 } as never) : null),
  appointment: async (id) => {
    appointmentLoads.push(id);
    return id === 3 ? ({ _id: 3, storeId: 42, customerId: 0, serviceIds: '0' } as never) : id === 4 ? ({ _id: 4, storeId: 43, customerId: 5, serviceIds: '1' } as never) : null;
  },
  customer: async (id) => (id === 100 ? ({ _id: 100, storeId: 42 } as never) : id === 200 ? ({ _id: 200, storeId: 43 } as never) : null),
  // Invitation INVITE, to store 42, names user 12 as the account of its email.
  invitation: async (id) => {
    invitationLoads.push(id);
    return id === INVITE ? ({ _id: INVITE, storeId: 42, email: 'jane@example.com', invitee: { id: 12 } } as never) : null;
  },
};

const SCHEMAS: Record<string, RouteSchemas> = {
  'POST service': { body: z.object({ storeId: z.number(), name: z.string().min(1) }), response: z.object({ ok: z.string() }), status: 201 },
  'GET service/{id}': { params: z.object({ id: z.coerce.number() }), response: z.object({ name: z.string() }) },
  'PATCH service/{id}': { params: z.object({ id: z.coerce.number() }), response: z.object({ name: z.string() }) },
  'GET getPTOByEmployeeId/{id}': { params: z.object({ id: z.coerce.number() }) },
  'DELETE appointment/{id}': { params: z.object({ id: z.coerce.number() }) },
  'PATCH appointment/{id}': { params: z.object({ id: z.coerce.number() }), body: z.object({ note: z.string().optional() }) },
  'POST mergeCustomers': { body: z.object({ source: z.number(), dest: z.number() }) },
  'POST sheet': { body: z.object({ storeId: z.number() }) },
  'GET getStaffsByStoreId/{storeId}': { params: z.object({ storeId: z.coerce.number() }) },
  'POST appointment': {
    body: z.object({ storeId: z.number(), staffId: z.number(), customerId: z.number(), serviceIds: z.string(), status: z.string().optional() }),
  },
  'POST staff-invitation/{id}/accept': { params: z.object({ id: z.string().uuid() }) },
  'POST sendSMS': { body: z.object({ storeId: z.number(), kind: z.string().default('custom'), appointmentId: z.number().optional() }), status: 201 },
  'POST chargeNoShowFee/{appointmentId}': { params: z.object({ appointmentId: z.coerce.number() }), body: z.object({ storeId: z.number() }) },
};

function appWith(handlers: Handlers, service: 'scheduling' | 'customers' | 'messaging' | 'billing' = 'scheduling') {
  const keys = testKeys();
  const app = express().use(express.json());
  app.use(buildApiRouter({ service, keys: keys.source, memberships, internalToken: 'x'.repeat(16), loaders, checkResponses: true, schemas: (k) => SCHEMAS[k] }, handlers));
  app.use(errorHandler(createLogger('test', 'silent')));
  return { app, keys };
}

describe('router: access from the route table', () => {
  const seen: unknown[] = [];
  const { app, keys } = appWith({
    'POST service': async ({ body }) => ({ ok: body.name }) as never,
    'GET service/{id}': async ({ record }) => {
      seen.push(record);
      return { name: (record as unknown as { name: string }).name } as never;
    },
    'PATCH service/{id}': async () => ({ wrong: true }) as never,
    'GET getPTOByEmployeeId/{id}': async ({ record }) => ({ staff: record }) as never,
    'PATCH appointment/{id}': async () => reply({ done: true }, 202) as never,
    'DELETE appointment/{id}': async () => undefined,
  });
  const as = (userId: number) => ({ authorization: `Bearer ${keys.user(userId)}` });

  it('when an outsider sends a bad body to an owner-only call, then it is refused before validation and says nothing about the body', async () => {
    const res = await request(app).post('/api/service').set(as(8)).send({ storeId: 42, name: '' });
    expect(res.status).toBe(403);
    expect(res.body.field).toBeUndefined();
  });

  it('when limited staff send a bad body to an owner-only call, then it is 403 before validation', async () => {
    const res = await request(app).post('/api/service').set(as(9)).send({ storeId: 42, name: '' });
    expect(res.status).toBe(403);
  });

  it('when the owner sends the same bad body, then it is 400 naming the field; a good one gets the route status', async () => {
    const bad = await request(app).post('/api/service').set(as(7)).send({ storeId: 42, name: '' });
    expect([bad.status, bad.body.field]).toEqual([400, 'name']);
    const good = await request(app).post('/api/service').set(as(7)).send({ storeId: 42, name: 'Gel' });
    expect([good.status, good.body]).toEqual([201, { ok: 'Gel' }]);
  });

  it("when a call names no store but the X-Store-Id header names the caller's current store, then it acts there; another store's id is refused", async () => {
    const res = await request(app).post('/api/service').set(as(7)).set('X-Store-Id', '42').send({ name: 'Gel' }).expect(201);
    expect(res.body).toEqual({ ok: 'Gel' });
    await request(app).post('/api/service').set(as(7)).set('X-Store-Id', '43').send({ name: 'Gel' }).expect(403);
    await request(app).post('/api/service').set(as(9)).set('X-Store-Id', '42').send({ name: 'Gel' }).expect(403);
    expect((await request(app).post('/api/service').set(as(7)).set('X-Store-Id', 'abc').send({ name: 'Gel' }).expect(400)).body.field).toBe('storeId');
    // a store named in the call wins over the header
    await request(app).post('/api/service').set(as(7)).set('X-Store-Id', '42').send({ storeId: 43, name: 'Gel' }).expect(403);
  });

  it('when the store id is not a number, then it is 400 naming it; when there is no token, then 401', async () => {
    const bad = await request(app).post('/api/service').set(as(7)).send({ storeId: { $gt: 0 } });
    expect([bad.status, bad.body.field]).toEqual([400, 'storeId']);
    expect((await request(app).post('/api/service').send({ storeId: 42 })).status).toBe(401);
  });

  it('when a record-scoped route is called, then the router loads the record, checks its store and hands it to the handler', async () => {
    const res = await request(app).get('/api/service/1').set(as(7));
    expect([res.status, res.body]).toEqual([200, { name: 'Manicure' }]);
    expect(seen).toContainEqual({ _id: 1, storeId: 42, name: 'Manicure' });
  });

  it("when the record is another store's, then the owner of a different store is refused and no handler runs", async () => {
    const before = seen.length;
    expect((await request(app).get('/api/service/2').set(as(7))).status).toBe(403);
    expect((await request(app).get('/api/service/999').set(as(7))).status).toBe(404);
    expect((await request(app).get('/api/service/abc').set(as(7))).status).toBe(400);
    expect(seen.length).toBe(before);
  });

  it('when a policy needs the record, then a staff member reads their own days off and not another store member', async () => {
    expect((await request(app).get('/api/getPTOByEmployeeId/10').set(as(9))).status).toBe(200);
    expect((await request(app).get('/api/getPTOByEmployeeId/10').set(as(7))).status).toBe(200);
  });

  it('when a day off is deleted by someone who is not a manager, then the policy refuses it', async () => {
    expect((await request(app).delete('/api/appointment/3').set(as(9))).status).toBe(403);
    expect((await request(app).delete('/api/appointment/3').set(as(7))).status).toBe(204);
    expect((await request(app).patch('/api/appointment/3').set(as(9)).send({ note: 'x' })).status).toBe(403);
    expect((await request(app).patch('/api/appointment/3').set(as(7)).send({ note: 'x' })).status).toBe(202);
  });

  it('when an answer strays from its response schema, then the router fails it instead of sending it', async () => {
    const res = await request(app).patch('/api/service/1').set(as(7)).send({});
    expect(res.status).toBe(500);
  });

  it('when a route has no handler yet, then it answers 501 Not available yet', async () => {
    const res = await request(app).get('/api/getServicesByStoreId/42').set(as(7));
    expect([res.status, res.body.message]).toEqual([501, 'Not available yet']);
  });
});

describe('router: the kiosk token', () => {
  const { app, keys } = appWith({
    'POST sheet': async () => reply({ ok: 'signed in' }, 201) as never,
    'GET getStaffsByStoreId/{storeId}': async () => ({ employees: [] }) as never,
    'POST appointment': async () => reply({ ok: 'booked' }, 201) as never,
    'GET staff-invitation/{id}': async () => ({ invitation: null }) as never,
  });
  const kiosk = (storeId: number) => ({ authorization: `Bearer ${keys.kiosk(storeId)}` });
  const walkIn = { storeId: 42, staffId: 8888, customerId: 12, serviceIds: '1', status: 'PENDING' };

  it("when the kiosk calls a route of its store's kiosk rule, then it passes; another store's kiosk is refused", async () => {
    expect((await request(app).post('/api/sheet').set(kiosk(42)).send({ storeId: 42 })).status).toBe(201);
    expect((await request(app).post('/api/sheet').set(kiosk(43)).send({ storeId: 42 })).status).toBe(403);
  });

  it('when the kiosk reads what staff read (the staff list with emails and phones), then it is 403', async () => {
    expect((await request(app).get('/api/getStaffsByStoreId/42').set(kiosk(42))).status).toBe(403);
  });

  it('when the kiosk calls a route open to any signed-in caller, then it is 403: its token only signs walk-ins in', async () => {
    expect((await request(app).get('/api/staff-invitation/9b1d3c9e-3c1b-4c47-9d55-0a3b4f1c2d11').set(kiosk(42))).status).toBe(403);
  });

  it('when the kiosk books, then a walk-in passes and any other appointment is 403', async () => {
    expect((await request(app).post('/api/appointment').set(kiosk(42)).send(walkIn)).status).toBe(201);
    expect((await request(app).post('/api/appointment').set(kiosk(42)).send({ ...walkIn, staffId: 10001 })).status).toBe(403);
  });
});

describe("router: a signed-in caller's own record outside any store (a staff invitation)", () => {
  const accepted: unknown[] = [];
  const { app, keys } = appWith({
    'POST staff-invitation/{id}/accept': async ({ record }) => {
      accepted.push(record);
      return { accepted: true } as never;
    },
  });
  const accept = (id: string, token?: string) => {
    const req = request(app).post(`/api/staff-invitation/${id}/accept`);
    return token ? req.set('authorization', `Bearer ${token}`) : req;
  };

  it("when another signed-in user opens someone else's invitation, then it is 403 'not for you' and no handler runs, the store's owner and its front desk included", async () => {
    for (const token of [keys.user(13), keys.user(7), keys.store(42)]) {
      const res = await accept(INVITE, token);
      expect([res.status, res.body]).toEqual([403, { code: 'invitationNotForYou', message: MESSAGES.invitationNotForYou }]);
    }
    expect((await accept(INVITE)).status).toBe(401);
    expect(accepted).toEqual([]);
  });

  it('when the invited person accepts, then the handler gets the loaded invitation', async () => {
    const res = await accept(INVITE, keys.user(12));
    expect([res.status, res.body]).toEqual([200, { accepted: true }]);
    expect(accepted).toEqual([{ _id: INVITE, storeId: 42, email: 'jane@example.com', invitee: { id: 12 } }]);
  });

  it('when the invitation is unknown, then it is 404 with its message; a malformed id is 400 and nothing is loaded', async () => {
    const missing = await accept('00000000-0000-4000-8000-000000000000', keys.user(12));
    expect([missing.status, missing.body]).toEqual([404, { code: 'notFound', message: MESSAGES.invitationNotFound }]);
    const loads = invitationLoads.length;
    expect((await accept('not-an-id', keys.user(12))).status).toBe(400);
    expect(invitationLoads.length).toBe(loads);
  });
});

describe('router: a record named beside the store (the appointment a text or a no-show fee is about)', () => {
  const texts: unknown[] = [];
  const text = appWith({
    'POST sendSMS': async ({ record }) => {
      texts.push(record ?? null);
      return { sent: true } as never;
    },
  }, 'messaging');
  const fee = appWith({ 'POST chargeNoShowFee/{appointmentId}': async ({ record }) => ({ charged: record }) as never }, 'billing');
  const send = (token: string, body: object) => request(text.app).post('/api/sendSMS').set('authorization', `Bearer ${token}`).send(body);
  const notFound = [404, { code: 'notFound', message: MESSAGES.appointmentNotFound }];

  it("when the store's appointment is named, then the handler gets it; with none named, it gets no record", async () => {
    expect((await send(text.keys.user(7), { storeId: 42, kind: 'reminder', appointmentId: 3 })).status).toBe(201);
    expect((await send(text.keys.user(7), { storeId: 42 })).status).toBe(201);
    expect(texts).toEqual([{ _id: 3, storeId: 42, customerId: 0, serviceIds: '0' }, null]);
  });

  it("when the appointment is another store's or unknown, then it is 404 'Appointment not found', as for the other store's own owner, and no handler runs", async () => {
    const before = texts.length;
    for (const [userId, storeId, appointmentId] of [[7, 42, 4], [7, 42, 999], [5, 43, 3]]) {
      const res = await send(text.keys.user(userId), { storeId, kind: 'reminder', appointmentId });
      expect([res.status, res.body]).toEqual(notFound);
    }
    expect(texts.length).toBe(before);
  });

  it('when the store rule or the policy refuses the caller, then that is the answer and the appointment is never looked up', async () => {
    const loads = appointmentLoads.length;
    expect((await send(text.keys.user(9), { storeId: 42, kind: 'reminder', appointmentId: 4 })).status).toBe(403);
    const review = await send(text.keys.store(42), { storeId: 42, kind: 'review', appointmentId: 4 });
    expect([review.status, review.body.code]).toEqual([403, 'ownerOnlyText']);
    expect(appointmentLoads.length).toBe(loads);
  });

  it('when the id is in the path, then a malformed one is 400 before any lookup, and another store\'s is 404 like an unknown one', async () => {
    const charge = (id: string | number) => request(fee.app).post(`/api/chargeNoShowFee/${id}`).set('authorization', `Bearer ${fee.keys.user(7)}`).send({ storeId: 42 });
    const loads = appointmentLoads.length;
    expect((await charge('x')).status).toBe(400);
    expect(appointmentLoads.length).toBe(loads);
    for (const id of [4, 999]) {
      const res = await charge(id);
      expect([res.status, res.body]).toEqual(notFound);
    }
    expect((await charge(3)).body).toEqual({ charged: { _id: 3, storeId: 42, customerId: 0, serviceIds: '0' } });
  });
});

describe("router: 'professional' access", () => {
  const { app, keys } = appWith({ 'POST store': async () => ({ made: true }) as never });

  it('when a customer or a store login creates a store, then it is 403 professionalOnly; a professional passes; no token is 401', async () => {
    const customer = await request(app).post('/api/store').set('authorization', `Bearer ${keys.user(11, 'customer', '2155550100')}`).send({});
    expect([customer.status, customer.body.code]).toEqual([403, 'professionalOnly']);
    const store = await request(app).post('/api/store').set('authorization', `Bearer ${keys.store(42)}`).send({});
    expect([store.status, store.body.code]).toEqual([403, 'professionalOnly']);
    expect((await request(app).post('/api/store').set('authorization', `Bearer ${keys.user(7)}`).send({})).status).toBe(200);
    expect((await request(app).post('/api/store').send({})).status).toBe(401);
  });
});

describe('router: routes on several records', () => {
  const { app, keys } = appWith({ 'POST mergeCustomers': async ({ records }) => ({ ids: records.map((r) => (r as unknown as { _id: number })._id) }) as never }, 'customers');

  it('when every record is in a store the caller owns, then the handler gets them all', async () => {
    const res = await request(app).post('/api/mergeCustomers').set('authorization', `Bearer ${keys.user(7)}`).send({ source: 100, dest: 100 });
    expect([res.status, res.body]).toEqual([200, { ids: [100, 100] }]);
  });

  it("when one record is another store's, then it is refused", async () => {
    const res = await request(app).post('/api/mergeCustomers').set('authorization', `Bearer ${keys.user(7)}`).send({ source: 100, dest: 200 });
    expect(res.status).toBe(403);
  });
});

describe('router: start-up checks', () => {
  it('when a record-scoped route has no loader, then building the router fails', () => {
    expect(() =>
      buildApiRouter({ service: 'scheduling', keys: testKeys().source, memberships, internalToken: 'x'.repeat(16) }, { 'GET service/{id}': async () => undefined }),
    ).toThrow(/no loader/);
  });
});

describe('router: answers prepared once', () => {
  const day = { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `appointment ${i}` })) };
  const prepared = new PreparedJson(day);
  const since: number[] = [];
  const keys = testKeys();
  const schemas: Record<string, RouteSchemas> = {
    'GET service/{id}': { params: z.object({ id: z.coerce.number() }), response: z.object({ rows: z.array(z.object({ id: z.number(), name: z.string() })) }) },
    'PATCH service/{id}': { params: z.object({ id: z.coerce.number() }), response: z.object({ name: z.string() }) },
  };
  const handlers: Handlers = {
    'GET service/{id}': async ({ receivedAt }) => {
      since.push(receivedAt);
      return prepared as never;
    },
    'PATCH service/{id}': async () => new PreparedJson({ wrong: true }) as never,
  };
  const app = express().use(express.json());
  app.use(buildApiRouter({ service: 'scheduling', keys: keys.source, memberships, internalToken: 'x'.repeat(16), loaders, checkResponses: true, schemas: (k) => schemas[k] }, handlers));
  app.use(errorHandler(createLogger('test', 'silent')));
  const owner = { authorization: `Bearer ${keys.user(7)}` };

  it('when a client accepts gzip, then it gets the gzip bytes made once, which decode to the answer', async () => {
    const res = await request(app).get('/api/service/1').set(owner).set('accept-encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(day); // supertest inflates it
    expect(JSON.parse(gunzipSync(prepared.gzip()!).toString('utf8'))).toEqual(day);
    expect(Number(res.headers['content-length'])).toBe(prepared.gzip()!.length);
    expect(prepared.gzip()).toBe(prepared.gzip());
    expect(since.every((t) => t > 0 && t <= performance.now())).toBe(true);
  });

  it('when an answer has been serialized, then it holds only its bytes and gives back the same value from them', () => {
    const answer = new PreparedJson({ at: '2031-01-01T09:00:00.000Z', n: 1 });
    const bytes = answer.json();
    expect((answer as unknown as { built?: unknown }).built).toBeUndefined();
    expect(answer.value).toEqual({ at: '2031-01-01T09:00:00.000Z', n: 1 });
    expect(answer.json()).toBe(bytes);
  });

  it('when a client does not accept gzip, then it gets the plain JSON', async () => {
    const res = await request(app).get('/api/service/1').set(owner).set('accept-encoding', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(day);
  });

  it('when a client sends the ETag it has, then it gets 304 without a body', async () => {
    const first = await request(app).get('/api/service/1').set(owner).set('accept-encoding', 'identity').expect(200);
    expect(first.headers.etag).toBe(prepared.etag());
    const again = await request(app).get('/api/service/1').set(owner).set('if-none-match', first.headers.etag).expect(304);
    expect(again.text).toBeFalsy();
  });

  it('when a kept answer is served again, then it is read back from its bytes only for its one schema check', async () => {
    const readBack = jest.spyOn(PreparedJson.prototype, 'value', 'get');
    try {
      for (let i = 0; i < 3; i++) expect((await request(app).get('/api/service/1').set(owner)).status).toBe(200);
      expect(readBack.mock.calls.length).toBeLessThanOrEqual(1); // none when an earlier test checked it already
      expect(prepared.checked).toBe(true);
      // Without CHECK_RESPONSES (production) never.
      const unchecked = express().use(buildApiRouter({ service: 'scheduling', keys: keys.source, memberships, internalToken: 'x'.repeat(16), loaders, schemas: (k) => schemas[k] }, handlers));
      readBack.mockClear();
      (prepared as { checked: boolean }).checked = false;
      for (let i = 0; i < 3; i++) expect((await request(unchecked).get('/api/service/1').set(owner)).status).toBe(200);
      expect(readBack).not.toHaveBeenCalled();
      prepared.checked = true;
    } finally {
      readBack.mockRestore();
    }
  });

  it('when a prepared answer strays from its response schema, then the router fails it', async () => {
    const res = await request(app).patch('/api/service/1').set(owner).send({});
    expect(res.status).toBe(500);
  });
});
