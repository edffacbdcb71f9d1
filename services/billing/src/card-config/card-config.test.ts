import { startTestService } from '@turnbook/test-kit';
import { createBillingService } from '../service';
import { publishableKeyFor } from './publishable-key';

type Started = Awaited<ReturnType<typeof startTestService>>;

// The card provider is never reached in these tests (plans not created are retried later).
const offlineStripe = { createPlan: () => Promise.reject(new Error('no card provider in this test')) } as never;

describe('GET billing/config', () => {
  let live: Started;
  let local: Started;
  beforeAll(async () => {
    live = await startTestService(createBillingService({ gateway: offlineStripe }), {
      // against Stripe itself: whatever stripe-mock address the test run's environment has is taken out
      env: { STRIPE_PUBLISHABLE_KEY: 'pk_live_51Turnbook', STRIPE_API_HOST: undefined, STRIPE_API_PORT: undefined, STRIPE_API_PROTOCOL: undefined },
    });
    // the local launcher's settings: stripe-mock's address and a pk_test key (the mock itself is not asked here)
    local = await startTestService(createBillingService({ gateway: offlineStripe }), {
      env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' },
    });
  });
  afterAll(async () => {
    await live?.stop();
    await local?.stop();
  });

  it('when billing talks to Stripe with a publishable key, then anyone (no token) is answered that key at run time', async () => {
    const res = await live.http().get('/api/billing/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stripePublishableKey: 'pk_live_51Turnbook' });
  });

  it('when billing talks to stripe-mock (the local stack sets a pk_test key), then no key is answered: the screen keeps the test card', async () => {
    const res = await local.http().get('/api/billing/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stripePublishableKey: null });
  });
});

describe('publishableKeyFor', () => {
  it('when billing starts in production against Stripe without a publishable key, then it refuses to start naming STRIPE_PUBLISHABLE_KEY', () => {
    expect(() => publishableKeyFor({ NODE_ENV: 'production' })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be set in production/);
  });

  it('when billing runs in development without a key, then the test card stands in (null)', () => {
    expect(publishableKeyFor({ NODE_ENV: 'development' })).toBeNull();
  });
});
