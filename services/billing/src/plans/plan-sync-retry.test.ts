import { randomBytes } from 'node:crypto';
import { eventually, startTestService } from '@turnbook/test-kit';
import { createBillingService } from '../service';
import type { PaymentGateway } from '../stripe/gateway';
import { PLAN_CATALOGUE } from './catalogue';
import { PlansRepository } from './repository';

// Two billing instances start while the card provider refuses plans: the retry is a job of the cluster
// (docs/decisions.md "one job runner"), so the provider is asked once per retry slot, not once per instance.

describe('plan sync retried on two instances', () => {
  let refusing = true;
  const asked: string[] = [];
  const created: string[] = [];
  const gateway = {
    async createPlan(plan: { key: string }) {
      asked.push(plan.key);
      if (refusing) throw new Error('provider unavailable');
      created.push(plan.key);
      return { productId: `prod_${plan.key}`, priceId: `price_${plan.key}` };
    },
  } as unknown as PaymentGateway;
  const instances: Array<Awaited<ReturnType<typeof startTestService>>> = [];

  beforeAll(async () => {
    const dbName = `t-billing-${randomBytes(4).toString('hex')}`;
    const env = { MONGO_DB: dbName, DURABLE_SUFFIX: `-${dbName}`, PLAN_SYNC_RETRY_MS: '200' };
    for (let i = 0; i < 2; i++) instances.push(await startTestService(createBillingService({ gateway }), { env }));
  }, 60_000);
  afterAll(async () => {
    for (const svc of instances) await svc.stop();
  });

  it('when the provider refuses plans at start, then one instance retries per slot, and every plan is created when it answers', async () => {
    const watchedMs = 3000;
    const before = asked.length;
    await new Promise((r) => setTimeout(r, watchedMs));
    const retries = (asked.length - before) / PLAN_CATALOGUE.length;
    const slots = watchedMs / 200;
    console.log(`plan sync retries: instances 2, retry slots ${slots}, sync runs ${retries}`);
    // one run per slot (a slot at each end may be cut by the watch), not one per instance
    expect(retries).toBeLessThanOrEqual(slots + 2);

    refusing = false;
    await eventually(async () => expect((await new PlansRepository(instances[0].db).all()).every((p) => p.priceId)).toBe(true));
    // Every plan exists at the provider. A run that outlives its tick's ack wait on a loaded machine is handed to
    // the other instance too (jobs are run again, never lost), so a plan may be asked for twice: the real
    // gateway sends each plan's create under one idempotency key (stripe/gateway.ts), so Stripe makes it once.
    expect(new Set(created).size).toBe(PLAN_CATALOGUE.length);
    // Once the plans are synced, the provider is not asked again.
    const settled = asked.length;
    await new Promise((r) => setTimeout(r, 1000));
    expect(asked.length).toBe(settled);
  }, 60_000);
});
