import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { startTestService } from '@turnbook/test-kit';
import { createMessagingService } from '../src/service';
import { textWorld, type TestService } from '../src/test/world';

/**
 * npm run bench:texts: the owner's bulk reminder for 300 appointments of a day, on the real database and
 * NATS of the test infrastructure, with the recording transport (the read models seeded directly). Printed: how long until the answer (every
 * text queued) and until all 300 are delivered to the transport. Budgets: under 1 s and under 10 s.
 */
const COUNT = 300;

describe('bench: bulk reminder', () => {
  let svc: TestService;
  afterAll(async () => svc?.stop());

  it(`when the owner reminds ${COUNT} appointments, then they are queued in under 1 s and delivered in under 10 s`, async () => {
    svc = await startTestService(createMessagingService());
    const w = await textWorld(svc);
    // The store's 300 customers and appointments are written straight into messaging's read models (what
    // their events would leave there): the bench times the reminder, not the replay of 600 events.
    const at = new Date().toISOString();
    const ids = Array.from({ length: COUNT }, (_, i) => w.base + 10_000 + i);
    const phone = (i: number) => `215${String(5_000_000 + i).padStart(7, '0')}`;
    await svc.db.collection('text_customers').insertMany(ids.map((id, i) => ({ _id: id, storeId: w.storeId, fname: 'bench', lname: `c${i}`, phone: phone(i), deleted: false, at })) as never[]);
    await svc.db.collection('text_appointments').insertMany(ids.map((id, i) => ({
      _id: id + COUNT, storeId: w.storeId, staffId: 1, customerId: id, date: w.tomorrow, start: '10:00 am', status: 'ON', dayOff: false, deleted: false, phone: phone(i), at,
    })) as never[]);
    const appointments = ids.map((id) => id + COUNT);
    await w.heard([], []);

    const started = performance.now();
    const res = await w.as('owner').post('/api/sendSMSReminderBulk', { storeId: w.storeId, events: appointments });
    const queuedMs = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.sent).toHaveLength(COUNT);
    let delivered = 0;
    while (performance.now() - started < 30_000) {
      delivered = await svc.db.collection('sent_texts').countDocuments({});
      if (delivered >= COUNT) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const deliveredMs = performance.now() - started;
    process.stdout.write(
      `\nbulk reminder, ${COUNT} appointments (load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}):\n` +
        `  queued (answer)         ${queuedMs.toFixed(0)} ms   budget 1000 ms\n` +
        `  delivered to transport  ${deliveredMs.toFixed(0)} ms   budget 10000 ms   (${delivered}/${COUNT})\n\n`,
    );
    expect(delivered).toBe(COUNT);
    expect(queuedMs).toBeLessThan(1000);
    expect(deliveredMs).toBeLessThan(10_000);
  }, 300_000);
});
