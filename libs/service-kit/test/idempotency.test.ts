import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import type { Connection } from 'mongoose';
import type { RouteSchemas } from '@turnbook/contracts';
import { testKeys } from '@turnbook/test-kit/tokens';
import { buildApiRouter, reply, type Handlers } from '../src/router';
import { errorHandler } from '../src/app';
import { createLogger } from '../src/logger';
import { connectMongo } from '../src/mongo';
import { IdempotencyKeys } from '../src/idempotency';
import { mongoUrl, storeAccess as memberships } from './harness';


const SCHEMAS: Record<string, RouteSchemas> = {
  'POST sheet': { body: z.object({ storeId: z.number(), name: z.string().min(1) }), response: z.object({ id: z.number(), name: z.string() }), status: 201 },
  'POST service': { body: z.object({ storeId: z.number(), name: z.string() }), response: z.object({ id: z.number() }), status: 201 },
};

describe('idempotency keys (POST sheet and POST appointment take Idempotency-Key)', () => {
  let db: Connection;
  let keys: IdempotencyKeys;
  const written: string[] = [];
  let failNext = false;
  const tokens = testKeys();
  let app: express.Express;

  beforeAll(async () => {
    db = await connectMongo(mongoUrl, `t-idem-${randomBytes(4).toString('hex')}`);
    keys = new IdempotencyKeys(db, { waitMs: 5000 });
    await keys.init();
    const handlers: Handlers = {
      'POST sheet': async (input) => {
        const body = input.body as unknown as { name: string };
        // Slow enough that duplicates sent together meet the first one still running.
        await new Promise((r) => setTimeout(r, 150));
        if (failNext) {
          failNext = false;
          throw new Error('the write failed');
        }
        written.push(body.name);
        return reply({ id: written.length, name: body.name }, 201) as never;
      },
      'POST service': async () => reply({ id: written.push('service') }, 201) as never,
    };
    app = express().use(express.json());
    app.use(buildApiRouter({ service: 'scheduling', keys: tokens.source, memberships, internalToken: 'x'.repeat(16), checkResponses: true, schemas: (k) => SCHEMAS[k], idempotency: keys }, handlers));
    app.use(errorHandler(createLogger('test', 'silent')));
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });
  beforeEach(() => void (written.length = 0));

  const kiosk = () => ({ authorization: `Bearer ${tokens.kiosk(42)}` });
  const post = (key: string | null, body: object, auth = kiosk()) => {
    const r = request(app).post('/api/sheet').set(auth);
    return (key ? r.set('Idempotency-Key', key) : r).send(body);
  };

  it('when a sign-in is retried with the same key, then the first answer comes back and nothing new is written', async () => {
    const key = randomUUID();
    const first = await post(key, { storeId: 42, name: 'ann' });
    const again = await post(key, { storeId: 42, name: 'ann' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(written).toEqual(['ann']);
  });

  it('when the same key is sent several times at once, then one write happens and every answer is the same', async () => {
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(key, { storeId: 42, name: 'bo' })));
    expect(written).toEqual(['bo']);
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
  });

  it('when two different keys are sent, then both write', async () => {
    await post(randomUUID(), { storeId: 42, name: 'cy' });
    await post(randomUUID(), { storeId: 42, name: 'cy' });
    expect(written).toEqual(['cy', 'cy']);
  });

  it('when no key is sent, then every call writes', async () => {
    await post(null, { storeId: 42, name: 'di' });
    await post(null, { storeId: 42, name: 'di' });
    expect(written).toEqual(['di', 'di']);
  });

  it('when a key comes back with another body, then it is 422 idempotencyKeyReused and nothing is written', async () => {
    const key = randomUUID();
    await post(key, { storeId: 42, name: 'ed' });
    const res = await post(key, { storeId: 42, name: 'other' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('idempotencyKeyReused');
    expect(written).toEqual(['ed']);
  });

  it('when the key is not a uuid, then it is 400 naming the header', async () => {
    const res = await post('not-a-uuid', { storeId: 42, name: 'fe' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('Idempotency-Key');
    expect(written).toEqual([]);
  });

  it('when the first request failed, then a retry with its key runs for real', async () => {
    const key = randomUUID();
    failNext = true;
    expect((await post(key, { storeId: 42, name: 'gu' })).status).toBe(500);
    const retry = await post(key, { storeId: 42, name: 'gu' });
    expect(retry.status).toBe(201);
    expect(written).toEqual(['gu']);
  });

  it('when another caller sends the same key, then it is their own key', async () => {
    const key = randomUUID();
    await post(key, { storeId: 42, name: 'hu' });
    const owner = { authorization: `Bearer ${tokens.user(7)}` };
    const res = await post(key, { storeId: 42, name: 'hu' }, owner);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(written).toEqual(['hu', 'hu']);
  });

  it('when a route is not idempotent in the table, then the header is ignored', async () => {
    const key = randomUUID();
    const owner = { authorization: `Bearer ${tokens.user(7)}` };
    await request(app).post('/api/service').set(owner).set('Idempotency-Key', key).send({ storeId: 42, name: 'x' });
    await request(app).post('/api/service').set(owner).set('Idempotency-Key', key).send({ storeId: 42, name: 'x' });
    expect(written).toEqual(['service', 'service']);
  });
});
