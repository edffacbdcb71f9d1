import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import type { EventBus } from '../src/events';
import { pendingEvents } from '../src/events';
import { createLogger } from '../src/logger';
import { withRequestId } from '../src/request-context';
import { requestLogs } from '../src/request-log';
import { staffUpdated, startWorld, thingModel, uniqueSuffix, waitFor } from './harness';

/** A service's log lines, as the JSON it writes. */
function capturedLog(service: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write: (chunk, _enc, done) => void (lines.push(...String(chunk).trim().split('\n').map((l) => JSON.parse(l))), done()) });
  return { log: createLogger(service, 'info', sink), lines };
}

/**
 * A request's id (the gateway's X-Request-Id, else one made for it) is on its log lines, goes with the
 * events it publishes (NATS headers) and is on the lines their consumers write while handling them.
 */
describe('request ids followed into consumers', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let publisher: EventBus;
  const api = capturedLog('publisher');
  const consumer = capturedLog('consumer');
  const app = express();
  const consumedLine = (eventId: string) => consumer.lines.find((l) => l.msg === 'staff names updated' && l.eventId === eventId);

  beforeAll(async () => {
    world = await startWorld('request-id');
    publisher = await world.newBus({ sweepAfterMs: 60_000 });
    // the consuming service: its own bus and database connection, as another process would have
    const consuming = await world.newBus({ durableSuffix: uniqueSuffix(), log: consumer.log });
    await consuming.consume('customers-staff-names', async (env) => consumer.log.info({ eventId: env.id }, 'staff names updated'));
    app.use(requestLogs(api.log));
    app.post('/things/:id', async (req, res) => {
      const id = Number(req.params.id);
      const saved = await publisher.insertNumbered(thingModel(world.db), { name: 'x' }, { counter: `things-${id}`, start: id }, (t) => [staffUpdated(publisher, t._id)]);
      api.log.info({ thing: saved._id }, 'thing written');
      res.json({ id: saved._id });
    });
  }, 30_000);
  afterAll(async () => world?.stop());

  it('when a request publishes an event, then the consumer\'s log carries the request\'s id', async () => {
    const res = await request(app).post('/things/501').expect(200);
    const reqId = res.headers['x-request-id'];
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    // the request's own lines: what it logged and its access line
    expect(api.lines.find((l) => l.msg === 'thing written')?.reqId).toBe(reqId);
    expect(api.lines.find((l) => String(l.msg).startsWith('POST /things/501 200'))?.reqId).toBe(reqId);
    await waitFor(() => consumer.lines.some((l) => l.msg === 'staff names updated' && l.reqId === reqId));
    // and the bus's own line for the event handled
    await waitFor(() => consumer.lines.some((l) => l.msg === 'event handled' && l.event === 'staff.updated' && l.reqId === reqId));
  });

  it('when the gateway names the request, then its id is the one answered, logged and carried to the consumer', async () => {
    const gatewayId = 'f3a1c0de5b7e4d2a9c8b6a5f4e3d2c1b';
    const res = await request(app).post('/things/502').set('X-Request-Id', gatewayId).expect(200);
    expect(res.headers['x-request-id']).toBe(gatewayId);
    await waitFor(() => consumer.lines.some((l) => l.msg === 'staff names updated' && l.reqId === gatewayId));
  });

  it('when the request dies before publishing, then the sweeper\'s later publish still carries its id', async () => {
    const Thing = thingModel(world.db);
    // the dead request wrote its document with its event, and never published it
    const env = withRequestId('dead-request-1', () => staffUpdated(publisher, 503));
    await Thing.create({ _id: 503, name: 'y', ...pendingEvents(env) });
    // another instance's sweeper (no request of its own) publishes it
    const sweeper = await world.newBus({ sweepAfterMs: 0 });
    sweeper.track(Thing);
    await sweeper.sweep();
    await waitFor(() => !!consumedLine(env.id));
    expect(consumedLine(env.id)?.reqId).toBe('dead-request-1');
  });
});
