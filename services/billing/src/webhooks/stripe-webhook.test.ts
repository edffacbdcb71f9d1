import { randomUUID } from 'node:crypto';
import StripeSdk from 'stripe';
import { BILLING_TEST_TOKENS } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { startBilling, type Harness } from '../test/world';

let h: Harness;
let sub: { id: string; current_period_start: number; current_period_end: number };
let customerId: string;
beforeAll(async () => {
  h = await startBilling();
  await h.storeUpdated(h.S1, 'Nail Palace');
  for (let i = 1; i <= 5; i++) await h.staffUpdated(h.S1, 50000 + i);
  await eventually(async () => {
    const expiration = (await h.http().get(`/api/getPackageByStoreId/${h.S1}`).set(h.auth('owner'))).body.expiration;
    if (expiration !== 'inactive') throw new Error(`the store still reads ${expiration}`);
  });
  const planId = (await h.http().get('/api/getAllPlans').set(h.auth('owner'))).body.products[0].id;
  const res = await h.http().post(`/api/subscribe/${h.S1}`).set(h.auth('owner')).send({
    stripeEmail: 'owner@example.com', stripeToken: BILLING_TEST_TOKENS.success, full_name: 'Mary Smith', line1: '1 Main St', city: 'Philadelphia', state: 'PA', postal_code: '19104', packageId: planId,
  });
  if (res.status !== 200) throw new Error(`subscribe answered ${res.status} ${JSON.stringify(res.body)}`);
  sub = res.body.package;
  customerId = (await h.db.collection('subscriptions').findOne({ _id: h.S1 as never }))!.customerId as string;
});
afterAll(async () => h?.stop());

const packageOf = async () => (await h.http().get(`/api/getPackageByStoreId/${h.S1}`).set(h.auth('owner'))).body;
const nowSec = () => Math.floor(Date.now() / 1000);

/** A subscription event as Stripe sends it (the period on the item, as API 2025+ has it). */
const subscriptionEvent = (status: string, created: number, over: { id?: string; type?: string; periodEnd?: number } = {}) => ({
  id: over.id ?? `evt_${randomUUID().replace(/-/g, '')}`,
  object: 'event',
  type: over.type ?? 'customer.subscription.updated',
  created,
  data: {
    object: {
      id: sub.id, object: 'subscription', customer: customerId, status, metadata: { storeId: String(h.S1) },
      items: { object: 'list', data: [{ id: 'si_1', price: { id: (sub as unknown as { packageId: string }).packageId }, current_period_start: sub.current_period_start, current_period_end: over.periodEnd ?? sub.current_period_end }] },
    },
  },
});

describe('POST webhooks/stripe: the signature', () => {
  it('when the call carries no signature, then 403 and nothing changes', async () => {
    const before = await packageOf();
    const res = await h.http().post('/api/webhooks/stripe').set('Content-Type', 'application/json').send(JSON.stringify(subscriptionEvent('canceled', nowSec() + 100)));
    expect([res.status, res.body.code]).toEqual([403, 'webhookSignature']);
    expect(await packageOf()).toEqual(before);
  });

  it('when the call is signed with another secret, or its body was changed after signing, then 403 and nothing changes', async () => {
    const before = await packageOf();
    expect((await h.signedWebhook(subscriptionEvent('canceled', nowSec() + 100), 'whsec_someone_else')).status).toBe(403);
    const event = subscriptionEvent('active', nowSec() + 100);
    const header = new StripeSdk('sk_test_123').webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: 'whsec_billing_test_secret' });
    const tampered = JSON.stringify(subscriptionEvent('canceled', nowSec() + 100, { id: event.id }));
    const res = await h.http().post('/api/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(tampered);
    expect(res.status).toBe(403);
    expect(await packageOf()).toEqual(before);
    expect(await h.db.collection('webhook_events').countDocuments({ _id: event.id as never })).toBe(0);
  });

  it('when a signed event of a type we do not use arrives, then it is acknowledged', async () => {
    const res = await h.signedWebhook({ id: `evt_${randomUUID()}`, object: 'event', type: 'charge.refunded', created: nowSec(), data: { object: { id: 'ch_1', object: 'charge' } } });
    expect([res.status, res.body]).toEqual([200, { received: true }]);
  });
});

describe('POST webhooks/stripe: each event once, in any order', () => {
  it('when a signed subscription update says past_due, then the package reads the date it ran to, and billing.package_changed tells the calendar', async () => {
    const t = nowSec() + 10;
    const res = await h.signedWebhook(subscriptionEvent('past_due', t));
    expect([res.status, res.body]).toEqual([200, { received: true }]);
    const expected = new Date(sub.current_period_end * 1000).toISOString().slice(0, 10);
    expect((await packageOf()).expiration).toBe(expected);
    await eventually(() => expect(h.eventsOf('billing.package_changed', h.S1).at(-1)?.data).toMatchObject({ expiration: expected }));
  });

  it('when an event is delivered again (a replay), then it is applied once: a newer state since then stays', async () => {
    const t = nowSec() + 20;
    const first = subscriptionEvent('past_due', t);
    expect((await h.signedWebhook(first)).status).toBe(200);
    // the same moment at Stripe, another event: active again
    expect((await h.signedWebhook(subscriptionEvent('active', t))).status).toBe(200);
    expect((await packageOf()).expiration).toBe('active');
    const again = await h.signedWebhook(first);
    expect([again.status, again.body]).toEqual([200, { received: true }]);
    expect((await packageOf()).expiration).toBe('active');
    expect(await h.db.collection('webhook_events').countDocuments({ _id: first.id as never })).toBe(1);
  });

  it('when an older event arrives after a newer one (out of order), then the newer state stays', async () => {
    const t = nowSec() + 40;
    expect((await h.signedWebhook(subscriptionEvent('canceled', t, { type: 'customer.subscription.deleted' }))).status).toBe(200);
    const expiredOn = new Date(sub.current_period_end * 1000).toISOString().slice(0, 10);
    expect((await packageOf()).expiration).toBe(expiredOn);
    expect((await h.signedWebhook(subscriptionEvent('active', t - 30))).status).toBe(200);
    expect((await packageOf()).expiration).toBe(expiredOn);
  });

  it('when invoice events arrive out of order, then the invoice keeps its newest state (paid, amount, link)', async () => {
    const inv = (status: string, amount_paid: number, created: number) => ({
      id: `evt_${randomUUID()}`, object: 'event', type: status === 'paid' ? 'invoice.paid' : 'invoice.finalized', created,
      data: { object: { id: 'in_webhook_1', object: 'invoice', customer: customerId, status, amount_paid, period_start: sub.current_period_start, hosted_invoice_url: 'https://invoice.stripe.com/i/in_webhook_1', metadata: {} } },
    });
    const t = nowSec() + 60;
    expect((await h.signedWebhook(inv('paid', 2999, t))).status).toBe(200);
    expect((await h.signedWebhook(inv('open', 0, t - 5))).status).toBe(200);
    const invoices = (await h.http().get(`/api/getInvoicesByStoreId/${h.S1}`).set(h.auth('owner'))).body.invoices;
    expect(invoices.find((i: { id: string }) => i.id === 'in_webhook_1')).toEqual({ id: 'in_webhook_1', period_start: sub.current_period_start, amount_paid: 2999, hosted_invoice_url: 'https://invoice.stripe.com/i/in_webhook_1' });
  });

  it("when a subscription event names another customer with our store's id in its metadata, then the store keeps its own customer and state", async () => {
    const before = await packageOf();
    const e = subscriptionEvent('active', nowSec() + 90);
    (e.data.object as { id: string }).id = 'sub_elsewhere';
    (e.data.object as { customer: string }).customer = 'cus_elsewhere';
    expect((await h.signedWebhook(e)).status).toBe(200);
    expect(await packageOf()).toEqual(before);
    expect((await h.db.collection('subscriptions').findOne({ _id: h.S1 as never }))!.customerId).toBe(customerId);
  });

  it('when a subscription event names a customer we do not know and no store, then it is acknowledged and changes nothing', async () => {
    const before = await packageOf();
    const e = subscriptionEvent('active', nowSec() + 80);
    (e.data.object as { id: string; customer: string; metadata: Record<string, string> }).id = 'sub_unknown';
    (e.data.object as { customer: string }).customer = 'cus_unknown';
    (e.data.object as { metadata: Record<string, string> }).metadata = {};
    expect((await h.signedWebhook(e)).status).toBe(200);
    expect(await packageOf()).toEqual(before);
  });
});
