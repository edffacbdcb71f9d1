import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { INTERNAL_TOKEN_HEADER } from '@turnbook/contracts';
import { testKeys } from '@turnbook/test-kit/tokens';
import { errorHandler } from '../src/app';
import { AppError } from '../src/errors';
import { internalApi } from '../src/internal-client';
import { createLogger } from '../src/logger';
import { buildApiRouter, type Handlers } from '../src/router';

const TOKEN = 'internal-token-for-tests';

async function serve(service: 'customers' | 'scheduling', handlers: Handlers) {
  const app = express().use(express.json());
  app.use(buildApiRouter({ service, keys: testKeys().source, internalToken: TOKEN, checkResponses: false }, handlers));
  app.use(errorHandler(createLogger('test', 'silent')));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { app, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('internal calls: served from the route table, called with one typed client', () => {
  const bodies: unknown[] = [];
  let customers: Awaited<ReturnType<typeof serve>>;
  let scheduling: Awaited<ReturnType<typeof serve>>;
  let notice: Record<string, unknown> | null = null;

  beforeAll(async () => {
    customers = await serve('customers', {
      'POST internal/customers/by-ids': async ({ body }) => {
        bodies.push(body);
        return { customers: body.ids.map((id) => ({ id, storeId: 4, phone: id === 2 ? null : '2155550100' })) };
      },
    });
    scheduling = await serve('scheduling', {
      'GET internal/online-requests/{id}/notice': async ({ params }) => ({ notice: notice && { ...notice, id: params.id } }) as never,
    });
  });
  afterAll(async () => {
    await new Promise((r) => customers.server.close(r));
    await new Promise((r) => scheduling.server.close(r));
  });

  it('when a service calls an internal route, then it reaches the handler under /internal/ with the parsed body and gets the answer', async () => {
    const call = internalApi(customers.url, TOKEN);
    const answer = await call('POST internal/customers/by-ids', { body: { ids: ['1', 2] } });
    expect(bodies.at(-1)).toEqual({ ids: [1, 2] });
    expect(answer.customers).toEqual([
      { id: 1, storeId: 4, phone: '2155550100' },
      { id: 2, storeId: 4, phone: null },
    ]);
  });

  it('when the service token is missing or wrong, then the route table\'s access rule refuses the call', async () => {
    expect((await request(customers.app).post('/internal/customers/by-ids').send({ ids: [1] })).status).toBe(401);
    expect((await request(customers.app).post('/internal/customers/by-ids').set(INTERNAL_TOKEN_HEADER, 'wrong').send({ ids: [1] })).status).toBe(401);
    await expect(internalApi(customers.url, 'wrong')('POST internal/customers/by-ids', { body: { ids: [1] } })).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('when a body breaks the route\'s schema, then the callee refuses it before the handler runs', async () => {
    const before = bodies.length;
    await expect(internalApi(customers.url, TOKEN)('POST internal/customers/by-ids', { body: { ids: [] } })).rejects.toMatchObject({ code: 'validation' });
    expect(bodies).toHaveLength(before);
  });

  it('when an internal route is asked for under /api/, then it is not there (only /internal/ serves it)', async () => {
    expect((await request(customers.app).post('/api/internal/customers/by-ids').set(INTERNAL_TOKEN_HEADER, TOKEN).send({ ids: [1] })).status).toBe(404);
  });

  it('when an older callee leaves out a field the schema defaults, then the caller gets the default', async () => {
    notice = { accountId: 8, storeName: 'Glow', permalink: 'glow', timezone: 'America/New_York', services: ['Gel'], staffName: null, cancelledByCustomer: false, suggested: false };
    const answer = await internalApi(scheduling.url, TOKEN)('GET internal/online-requests/{id}/notice', { params: { id: 31 } });
    expect(answer.notice).toMatchObject({ id: 31, storeEmail: '', storeAddress: '', serviceDetails: [] });
  });

  it('when the callee answers outside the route\'s schema, then the call fails and names the route', async () => {
    notice = { accountId: 'eight' };
    const failed = await internalApi(scheduling.url, TOKEN)('GET internal/online-requests/{id}/notice', { params: { id: 31 } }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).message).toMatch(/^GET internal\/online-requests\/\{id\}\/notice answered outside its schema: notice\.accountId/);
  });
});
