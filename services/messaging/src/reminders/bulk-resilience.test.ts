import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { buildService } from '@turnbook/service-kit';
import { eventually, NatsProcess, testKeys } from '@turnbook/test-kit';
import { createMessagingService } from '../service';
import { textWorld, type TestService } from '../test/world';

/**
 * The bulk reminder when things break: NATS goes down in the middle of a batch, and the service dies with
 * a batch half done. Every appointment must still be texted exactly once. NATS is this file's own, so it
 * can be killed.
 */
describe('the bulk reminder when NATS or the service goes down', () => {
  const keys = testKeys();
  const dbName = `t-messaging-${randomBytes(4).toString('hex')}`;
  let nats: NatsProcess;

  const start = async () => {
    const env = {
      ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', MONGO_DB: dbName, OUTBOX_SWEEP_MS: '200', OUTBOX_SWEEP_AFTER_MS: '1000',
      DURABLE_SUFFIX: `-${dbName}`, CHECK_RESPONSES: '1', NATS_URL: nats.url,
    };
    const built = await buildService(createMessagingService({ texts: { retrySweepMs: 100, firstRetryMs: 100 } }), env, { keys: keys.source });
    return { ...built, keys, http: () => request(built.app) } as unknown as TestService & { stop: () => Promise<void> };
  };

  beforeAll(async () => {
    nats = new NatsProcess();
    await nats.start();
  });
  afterAll(async () => nats?.kill());

  it('when NATS is down mid-batch and the service then dies, then the next instance sends what was queued and a second press skips it: each appointment is texted exactly once', async () => {
    const first = await start();
    const w = await textWorld(first);
    const phones = Array.from({ length: 6 }, (_, i) => `21555504${10 + i}`);
    const customers = await Promise.all(phones.map((p) => w.customer(p)));
    const booked = await Promise.all(customers.map((c) => w.appointment(c)));
    await w.heard(booked, customers);

    await nats.kill();
    const half = booked.slice(0, 3);
    const pressed = await w.as('owner').post('/api/sendSMSReminderBulk', { storeId: w.storeId, events: half });
    expect(pressed.status).toBe(200);
    expect(pressed.body.sent.sort()).toEqual([...half].sort());
    // Pressed again while NATS is still down: the claims are in the database, nothing new is queued.
    const again = await w.as('owner').post('/api/sendSMSReminderBulk', { storeId: w.storeId, events: half });
    expect(again.body.skipped.sort()).toEqual([...half].sort());
    await first.stop();

    await nats.start();
    const second = await start();
    try {
      const owner = keys.user(w.ids.owner);
      const all = await second.http().post('/api/sendSMSReminderBulk').set('authorization', `Bearer ${owner}`).send({ storeId: w.storeId, events: booked });
      expect(all.status).toBe(200);
      expect(all.body.skipped.sort()).toEqual([...half].sort());
      expect(all.body.sent.sort()).toEqual(booked.slice(3).sort());
      const texted = () => Promise.all(phones.map((to) => second.db.collection('sent_texts').countDocuments({ to })));
      await eventually(async () => expect(await texted()).toEqual(phones.map(() => 1)), 20_000);
      // Nothing comes late a second time.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await texted()).toEqual(phones.map(() => 1));
      expect(await second.db.collection('sms_messages').countDocuments({ storeId: w.storeId, status: 'sent' })).toBe(6);
    } finally {
      await second.db.dropDatabase().catch(() => undefined);
      await second.stop();
    }
  }, 90_000);
});
