import { randomBytes } from 'node:crypto';
import { eventually, startTestService } from '@turnbook/test-kit';
import { createMessagingService } from '../service';
import { SmsSettingsRepository } from '../texts/settings';
import { textWorld, type TestService } from '../test/world';

// Three instances of messaging on one database and one NATS, as a cluster runs them: the day-before
// reminders are a job of the cluster (docs/decisions.md "one job runner"), not a loop of each instance.

describe('day-before reminders on three instances', () => {
  const instances: TestService[] = [];

  beforeAll(async () => {
    const dbName = `t-messaging-${randomBytes(4).toString('hex')}`;
    const env = { MONGO_DB: dbName, DURABLE_SUFFIX: `-${dbName}` };
    for (let i = 0; i < 3; i++) {
      instances.push(await startTestService(createMessagingService({ texts: { retrySweepMs: 100, dayBeforeMs: 200 } }), { env }));
    }
  }, 90_000);
  afterAll(async () => {
    // the last one drops the shared database
    for (const svc of instances) await svc.stop();
  });

  it('when three instances remind a day of appointments, then each reminder text is sent once, by one reminder run per slot in all', async () => {
    const [svc] = instances;
    const zones = ['America/New_York', 'America/Chicago', 'America/Los_Angeles'];
    const perStore = 8;
    const due: Array<{ phone: string }> = [];
    const worlds: Array<Awaited<ReturnType<typeof textWorld>>> = [];
    for (const [s, timezone] of zones.entries()) {
      const w = await textWorld(svc, { timezone });
      const appointments: number[] = [];
      const customers: number[] = [];
      for (let i = 0; i < perStore; i++) {
        const phone = `21555${String(90000 + s * 100 + i)}`;
        const c = await w.customer(phone);
        customers.push(c);
        appointments.push(await w.appointment(c));
        due.push({ phone });
      }
      await w.heard(appointments, customers);
      worlds.push(w);
    }
    // Hour 0: the hour has come whatever time the test runs, in every store's time zone.
    for (const w of worlds) expect((await w.as('owner').put(`/api/smsSettings/${w.storeId}`, { reminderHour: 0 })).status).toBe(200);

    const reminders = async () => (await worlds[0].texts()).filter((t) => t.body.includes('a reminder of your appointment'));
    await eventually(async () => expect(await reminders()).toHaveLength(due.length), 30_000);
    // Many more slots of the job pass: none sends a reminder again, and each slot is looked at by one instance.
    // Every run starts by reading the stores with reminders (the same repository class in all three instances).
    const runs = jest.spyOn(SmsSettingsRepository.prototype, 'withReminders');
    const watchedMs = 3000;
    await new Promise((r) => setTimeout(r, watchedMs));
    const runCount = runs.mock.calls.length;
    runs.mockRestore();

    const sent = await reminders();
    const perPhone = due.map(({ phone }) => sent.filter((t) => t.to.endsWith(phone)).length);
    const duplicates = sent.length - perPhone.filter((n) => n > 0).length;
    const slots = watchedMs / 200;
    console.log(
      `reminders on a cluster: instances ${instances.length}, reminders due ${due.length}, texts sent ${sent.length}, duplicates ${duplicates}; ` +
        `reminder runs in ${slots} slots of 200 ms: ${runCount}`,
    );
    expect(perPhone).toEqual(due.map(() => 1));
    expect(duplicates).toBe(0);
    // one run per slot (a slot at each end may be cut by the watch), not one per instance
    expect(runCount).toBeLessThanOrEqual(slots + 2);
  }, 120_000);
});
