import { endsFreeTier, FREE_TIER_MAX_STAFF, PAID_PLANS, paidPlanNamed } from './plans';

describe('plans', () => {
  it('when a store of 3 real staff adds one more, then that ends the free tier; from 0-2 or 4 on it does not', () => {
    expect(FREE_TIER_MAX_STAFF).toBe(3);
    expect([0, 1, 2, 3, 4, 5].map(endsFreeTier)).toEqual([false, false, false, true, false, false]);
  });

  it('when billing answers a plan name, then its contents are found; paid plans are sorted by price', () => {
    expect(paidPlanNamed('Premium')?.includes.length).toBeGreaterThan(0);
    expect(paidPlanNamed('Gold')).toBeUndefined();
    expect(PAID_PLANS.map((p) => p.price)).toEqual([...PAID_PLANS.map((p) => p.price)].sort((a, b) => a - b));
  });
});
