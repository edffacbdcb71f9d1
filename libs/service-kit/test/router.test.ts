import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { buildApiRouter, handler } from '../src/router';
import { testKeys } from '@turnbook/test-kit/tokens';
import type { Memberships } from '../src/memberships';
import { errorHandler } from '../src/app';
import { createLogger } from '../src/logger';

// A fake read model: user 7 owns store 42; nobody else belongs anywhere.
const memberships = {
  accessFor: async (caller: { userId?: number }, storeId: number) =>
    storeId === 42 ? { isSuperAdmin: false, isOwner: caller.userId === 7, staffRole: null, isStoreLogin: false } : null,
} as unknown as Memberships;

describe('router access checks', () => {
  const keys = testKeys();
  const app = express().use(express.json());
  app.use(
    buildApiRouter({ service: 'scheduling', keys: keys.source, memberships, internalToken: 'x'.repeat(16) }, {
      'POST service': handler({
        body: z.object({ storeId: z.number(), name: z.string().min(1) }),
        handle: async ({ body }) => ({ ok: body.name }),
      }),
    }),
  );
  app.use(errorHandler(createLogger('test', 'silent')));

  it('when an outsider sends a bad body to an owner-only call, then it is 403 and says nothing about the body', async () => {
    const res = await request(app).post('/api/service').set('authorization', `Bearer ${keys.user(8)}`).send({ storeId: 42, name: '' });
    expect(res.status).toBe(403);
  });

  it('when the owner sends the same bad body, then it is 400 naming the field', async () => {
    const res = await request(app).post('/api/service').set('authorization', `Bearer ${keys.user(7)}`).send({ storeId: 42, name: '' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('name');
  });

  it('when the store id is not a number, then it is 400 naming it; when there is no token, then 401', async () => {
    const bad = await request(app).post('/api/service').set('authorization', `Bearer ${keys.user(7)}`).send({ storeId: { $gt: 0 } });
    expect([bad.status, bad.body.field]).toEqual([400, 'storeId']);
    expect((await request(app).post('/api/service').send({ storeId: 42 })).status).toBe(401);
  });

  it('when a route has no handler yet, then it answers 501 Not available yet', async () => {
    const res = await request(app).get('/api/getServicesByStoreId/42').set('authorization', `Bearer ${keys.user(7)}`);
    expect([res.status, res.body.message]).toEqual([501, 'Not available yet']);
  });
});
