import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import type { Connection } from 'mongoose';
import type { RouteSchemas } from '@turnbook/contracts';
import { testKeys } from '@turnbook/test-kit/tokens';
import { startTestService } from '@turnbook/test-kit';
import { errorHandler } from '../src/app';
import { IdempotencyKeys } from '../src/idempotency';
import { createLogger } from '../src/logger';
import { ServiceMetrics, UNMATCHED_ROUTE } from '../src/metrics';
import { connectMongo } from '../src/mongo';
import { buildApiRouter, reply, type Handlers } from '../src/router';
import { mongoUrl, staffUpdated, startWorld, waitFor, storeAccess as memberships } from './harness';

/** One metric's samples, as a scrape would read them. */
async function samples(metrics: ServiceMetrics, name: string) {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  return (await metric.get()).values as Array<{ value: number; labels: Record<string, string | number>; metricName?: string }>;
}
const valueOf = async (metrics: ServiceMetrics, name: string, labels: Record<string, string>, metricName = name) =>
  (await samples(metrics, name)).find((s) => (s.metricName ?? name) === metricName && Object.entries(labels).every(([k, v]) => String(s.labels[k]) === v))?.value ?? 0;


const SCHEMAS: Record<string, RouteSchemas> = {
  'GET getServicesByStoreId/{storeId}': { params: z.object({ storeId: z.coerce.number() }) },
  'POST sheet': { body: z.object({ storeId: z.number(), name: z.string() }), status: 201 },
};

describe('request metrics (the route table pattern, method, status class)', () => {
  let db: Connection;
  let metrics: ServiceMetrics;
  let app: express.Express;
  const tokens = testKeys();
  let failNext = false;

  beforeAll(async () => {
    db = await connectMongo(mongoUrl, `t-metrics-${randomBytes(4).toString('hex')}`);
    const idempotency = new IdempotencyKeys(db);
    await idempotency.init();
    metrics = new ServiceMetrics('scheduling');
    const handlers: Handlers = {
      'GET getServicesByStoreId/{storeId}': async () => {
        if (failNext) {
          failNext = false;
          throw new Error('the read failed');
        }
        return [] as never;
      },
      'POST sheet': async () => reply({ id: 1 }, 201) as never,
    };
    app = express().use(metrics.middleware(), express.json());
    app.get('/dev/texts/:id', (_req, res) => void res.send('a page of the service'));
    app.use(buildApiRouter({ service: 'scheduling', keys: tokens.source, memberships, internalToken: 'x'.repeat(16), schemas: (k) => SCHEMAS[k], idempotency, metrics }, handlers));
    app.use((_req, res) => void res.status(404).json({ message: 'Not found', code: 'notFound' }));
    app.use(errorHandler(createLogger('test', 'silent')));
  });
  afterAll(async () => {
    await db.dropDatabase();
    await db.close();
  });

  const owner = () => ({ authorization: `Bearer ${tokens.user(7)}` });
  const ROUTE = 'getServicesByStoreId/{storeId}';

  it('when a request is served, then its route pattern (not its URL with ids) counts it in the counter and the histogram', async () => {
    expect((await request(app).get('/api/getServicesByStoreId/42').set(owner())).status).toBe(200);
    expect((await request(app).get('/api/getServicesByStoreId/42').set(owner())).status).toBe(200);

    expect(await valueOf(metrics, 'http_requests_total', { route: ROUTE, method: 'GET', status_class: '2xx' })).toBe(2);
    expect(await valueOf(metrics, 'http_request_duration_seconds', { route: ROUTE, method: 'GET' }, 'http_request_duration_seconds_count')).toBe(2);
    expect(await valueOf(metrics, 'http_request_duration_seconds', { route: ROUTE, method: 'GET', le: '+Inf' }, 'http_request_duration_seconds_bucket')).toBe(2);
    expect(await metrics.registry.metrics()).not.toContain('getServicesByStoreId/42');
  });

  it('when a call is refused or fails, then it counts as an error of its status class on its route', async () => {
    expect((await request(app).get('/api/getServicesByStoreId/43').set(owner())).status).toBe(404);
    failNext = true;
    expect((await request(app).get('/api/getServicesByStoreId/42').set(owner())).status).toBe(500);

    expect(await valueOf(metrics, 'http_requests_total', { route: ROUTE, method: 'GET', status_class: '4xx' })).toBe(1);
    expect(await valueOf(metrics, 'http_requests_total', { route: ROUTE, method: 'GET', status_class: '5xx' })).toBe(1);
  });

  it('when a URL matches no route, then it counts under one label, whatever its path', async () => {
    await request(app).get('/api/nothing/1');
    await request(app).get('/api/nothing/2');
    expect(await valueOf(metrics, 'http_requests_total', { route: UNMATCHED_ROUTE, status_class: '4xx' })).toBe(2);
    expect(await metrics.registry.metrics()).not.toContain('nothing/1');
  });

  it("when a service's own plain route answers, then it counts under its Express pattern, not its URL", async () => {
    await request(app).get('/dev/texts/5');
    expect(await valueOf(metrics, 'http_requests_total', { route: '/dev/texts/:id', status_class: '2xx' })).toBe(1);
    expect(await metrics.registry.metrics()).not.toContain('/dev/texts/5');
  });

  it('when a retried write is answered from its stored answer, then the idempotency replay counter counts it on its route', async () => {
    const key = randomUUID();
    const post = () => request(app).post('/api/sheet').set({ authorization: `Bearer ${tokens.kiosk(42)}` }).set('Idempotency-Key', key).send({ storeId: 42, name: 'ann' });
    expect((await post()).status).toBe(201);
    expect(await valueOf(metrics, 'idempotency_replays_total', { route: 'sheet' })).toBe(0);
    const again = await post();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await valueOf(metrics, 'idempotency_replays_total', { route: 'sheet' })).toBe(1);
  });
});

describe('event metrics (read when scraped)', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld('metrics');
  }, 30_000);
  afterAll(async () => world?.stop());

  it('when events wait in the outbox, then outbox depth reports them, and none once they are gone', async () => {
    // No sweeps during the test: what is written to the outbox stays there.
    const bus = await world.newBus({ sweepMs: 3_600_000, sweepAfterMs: 3_600_000 });
    const metrics = new ServiceMetrics('test');
    metrics.watchEvents(bus);
    expect(await valueOf(metrics, 'outbox_depth', {})).toBe(0);
    const outbox = world.db.collection<{ _id: string }>('outbox');
    await outbox.insertMany([1, 2, 3].map(() => ({ _id: randomUUID(), envelope: staffUpdated(bus, 601), at: new Date() })));
    expect(await valueOf(metrics, 'outbox_depth', {})).toBe(3);
    await outbox.deleteMany({});
    expect(await valueOf(metrics, 'outbox_depth', {})).toBe(0);
  }, 30_000);

  it('when a consumer falls behind, then its durable reports the events not yet delivered and those not yet acknowledged', async () => {
    const consuming = await world.newBus();
    const metrics = new ServiceMetrics('test');
    metrics.watchEvents(consuming);
    // The handler holds its first event: the consumer's batch (50) waits unacknowledged, the rest undelivered.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await consuming.consume('customers-staff-names', () => held);
    const publisher = await world.newBus();
    for (let i = 0; i < 60; i++) await publisher.publishDurably(staffUpdated(publisher, 602, 10001 + i));

    const durable = (await consuming.consumerLag())[0].durable;
    let pending = 0;
    let unacked = 0;
    await waitFor(async () => {
      pending = await valueOf(metrics, 'nats_consumer_pending', { durable });
      unacked = await valueOf(metrics, 'nats_consumer_unacked', { durable });
      return pending > 0 && unacked > 0 && pending + unacked === 60;
    });
    expect(pending + unacked).toBe(60);

    release();
    await waitFor(async () => {
      await new Promise((r) => setTimeout(r, 1100)); // past the read one scrape shares
      return (await valueOf(metrics, 'nats_consumer_pending', { durable })) + (await valueOf(metrics, 'nats_consumer_unacked', { durable })) === 0;
    }, 30_000);
  }, 60_000);
});

describe('GET /metrics of a built service', () => {
  let svc: Awaited<ReturnType<typeof startTestService>>;
  beforeAll(async () => {
    svc = await startTestService({ name: 'customers', build: async () => ({ handlers: {} }) });
  }, 30_000);
  afterAll(async () => svc?.stop());

  it('when it is asked without the internal token, then it is refused', async () => {
    const res = await svc.http().get('/metrics');
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('process_cpu');
  });

  it("when the scraper sends the internal token, then it answers Prometheus text with the process metrics, the service's label and the event gauges", async () => {
    await svc.http().get('/api/nowhere');
    const res = await svc.http().get('/metrics').set('authorization', `Bearer ${svc.config.INTERNAL_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toContain('process_cpu_user_seconds_total{service="customers"}');
    expect(res.text).toMatch(/^outbox_depth\{service="customers"\} 0$/m);
    expect(res.text).toMatch(/^nats_consumer_pending\{durable="customers-memberships[^"]*",service="customers"\} \d+$/m);
    expect(res.text).toMatch(/^http_requests_total\{route="unmatched",method="GET",status_class="4xx",service="customers"\} 1$/m);
    // Scrapes are not counted as traffic.
    expect(res.text).not.toContain('route="/metrics"');
  });
});
