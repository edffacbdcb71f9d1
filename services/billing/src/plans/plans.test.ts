import { startTestService } from '@turnbook/test-kit';
import { startBilling, type Harness } from '../test/world';
import { createBillingService } from '../service';
import { PLAN_CATALOGUE } from './catalogue';
import { PlansRepository } from './repository';

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
});
afterAll(async () => h?.stop());

describe('GET getAllPlans', () => {
  it('when billing has started, then every seeded plan is listed with its name, cents per month and the price id stripe-mock answered', async () => {
    const res = await h.http().get('/api/getAllPlans').set(h.auth('staff'));
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: { product_name: string; price: number }) => [p.product_name, p.price])).toEqual(PLAN_CATALOGUE.map((p) => [p.name, p.price]));
    for (const p of res.body.products) expect(p.id).toMatch(/^price_/);
    const stored = await new PlansRepository(h.db).all();
    expect(stored.map((p) => p.priceId)).toEqual(res.body.products.map((p: { id: string }) => p.id));
  });

  it('when billing starts again on the same database, then the plans keep the ids they were given (nothing is created twice)', async () => {
    const before = (await new PlansRepository(h.db).all()).map((p) => [p._id, p.productId, p.priceId]);
    const again = await startTestService(createBillingService({ gateway: { createPlan: () => Promise.reject(new Error('must not be asked')) } as never }), {
      env: { MONGO_DB: h.config.mongoDb, DURABLE_SUFFIX: `-again-${h.S1}` },
    });
    try {
      expect((await new PlansRepository(again.db).all()).map((p) => [p._id, p.productId, p.priceId])).toEqual(before);
    } finally {
      // Not again.stop(): that drops the database the first instance still uses.
      await again.parts.onStop?.();
      again.revocations.stop();
      await again.bus.stop();
      await again.db.close();
    }
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await h.http().get('/api/getAllPlans')).status).toBe(401);
  });
});
