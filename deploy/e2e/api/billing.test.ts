/**
 * Billing through the gateway against the stack's stripe-mock: the free tier by staff count, each card
 * outcome of subscribe, the signed Stripe webhook (and a refused unsigned one), the super admin's list, and
 * the demo terminal's payment for a checked-out appointment.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { BILLING_MESSAGES, BILLING_TEST_TOKENS } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { api } from '../src/api';
import { stack } from '../src/stack';
import { buildWorld, type World } from '../src/world';

/** The stack's webhook secret (deploy/local keeps it beside the run directory). */
const webhookSecret = () =>
  process.env.STRIPE_WEBHOOK_SECRET ?? (JSON.parse(readFileSync(path.join(stack().runDir, '..', 'secrets.json'), 'utf8')) as { stripeWebhookSecret: string }).stripeWebhookSecret;

/** Stripe's signature scheme (t=<seconds>,v1=HMAC-SHA256 of "<t>.<payload>"), as Stripe signs a delivery. */
function signedDelivery(event: unknown, secret: string) {
  const payload = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return { payload, signature: `t=${t},v1=${v1}` };
}

async function postRaw(pathName: string, payload: string, headers: Record<string, string>) {
  const res = await fetch(`${stack().gatewayUrl}/api/${pathName}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('billing through the gateway', () => {
  let w: World;
  const pkg = async (who: keyof World['tokens'] = 'owner') => api('GET', `getPackageByStoreId/${w.storeId}`, undefined, w.tokens[who]);
  const form = (token: string, packageId: string) => ({
    stripeEmail: 'owner@example.com', stripeToken: token, full_name: 'Matrix Owner', line1: '1 Market St', city: 'Philadelphia', state: 'PA', postal_code: '19102', packageId,
  });

  beforeAll(async () => {
    w = await buildWorld();
  }, 120_000);

  it('when a store has more than 3 real staff, then its package reads inactive for every member and the other store (1 owner record) reads the free plan', async () => {
    await eventually(async () => expect((await pkg('staff')).body).toMatchObject({ expiration: 'inactive', storeName: expect.stringMatching(/^matrix salon/i) }), 20_000);
    const other = await api('GET', `getPackageByStoreId/${w.otherStoreId}`, undefined, w.tokens.otherOwner);
    expect(other.body).toMatchObject({ product: 'Free', price: 0, expiration: 'active' });
  });

  it('when the owner pays with each test card, then the form gets the spec texts for the declines and the thank-you package for the good card', async () => {
    const plans = await api('GET', 'getAllPlans', undefined, w.tokens.owner);
    expect(plans.status).toBe(200);
    const planId = plans.body.products[0].id as string;
    const poor = await api('POST', `subscribe/${w.storeId}`, form(BILLING_TEST_TOKENS.insufficientFunds, planId), w.tokens.owner);
    expect([poor.status, poor.body]).toEqual([402, BILLING_MESSAGES.insufficientFunds]);
    const sca = await api('POST', `subscribe/${w.storeId}`, form(BILLING_TEST_TOKENS.authenticationRequired, planId), w.tokens.owner);
    expect([sca.status, sca.body]).toEqual([402, BILLING_MESSAGES.authenticationRequired]);
    expect((await pkg()).body.expiration).toBe('inactive');
    const ok = await api('POST', `subscribe/${w.storeId}`, form(BILLING_TEST_TOKENS.success, planId), w.tokens.owner);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, package: { expiration: 'active', packageId: planId } });
    expect((await pkg('limited')).body.expiration).toBe('active');
    const cards = await api('GET', `getPMByStoreId/${w.storeId}`, undefined, w.tokens.owner);
    expect(cards.body.paymentMethods.map((p: { card: { last4: string } }) => p.card.last4)).toEqual(['4242']);
    const subs = await api('GET', 'getAllSub', undefined, w.tokens.superAdmin);
    expect(subs.body.client_ids.find((c: { id: number }) => c.id === w.storeId)).toMatchObject({ expiration: 'active' });
  });

  it('when Stripe says the subscription was deleted (signed), then the package reads the date it ran to; an unsigned call is refused and changes nothing', async () => {
    const before = (await pkg()).body;
    const event = {
      id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type: 'customer.subscription.deleted', created: Math.floor(Date.now() / 1000) + 5,
      data: { object: { id: before.id, object: 'subscription', status: 'canceled', customer: null, metadata: { storeId: String(w.storeId) }, items: { object: 'list', data: [{ price: { id: before.packageId }, current_period_start: before.current_period_start, current_period_end: before.current_period_end }] } } },
    };
    const unsigned = await postRaw('webhooks/stripe', JSON.stringify(event), {});
    expect(unsigned.status).toBe(403);
    expect((await pkg()).body).toEqual(before);
    const { payload, signature } = signedDelivery(event, webhookSecret());
    const res = await postRaw('webhooks/stripe', payload, { 'stripe-signature': signature });
    expect([res.status, res.body]).toEqual([200, { received: true }]);
    expect((await pkg()).body.expiration).toBe(new Date(before.current_period_end * 1000).toISOString().slice(0, 10));
  });

  it("when an appointment is checked out, then the owner's merchant transactions of that day show its payment by its staff member, at the time of the check-out", async () => {
    const today = DateTime.now().setZone('America/New_York').toISODate()!;
    const made = await api('POST', 'appointment', {
      storeId: w.storeId, staffId: w.staffIds.staff, customerId: w.customerId, serviceIds: String(w.serviceId), date: today, start: '06:00 am', end: '06:30 am', note: '',
    }, w.tokens.owner);
    expect(made.status).toBeLessThan(300);
    const id = made.body.appointment.id as number;
    const before = Date.now();
    expect((await api('PATCH', `appointment/${id}`, { sale: 25.5 }, w.tokens.owner)).status).toBe(200);
    const after = Date.now();
    const dayStart = DateTime.fromISO(today, { zone: 'America/New_York' }).toMillis();
    await eventually(async () => {
      const res = await api('GET', `getMerchantTransactions/${dayStart}?storeId=${w.storeId}`, undefined, w.tokens.owner);
      expect(res.status).toBe(200);
      // paid when it was checked out, not at the appointment's end (issue 30 item 10)
      expect(res.body.transactions.elements).toContainEqual({ id: `demo_${id}`, amount: 2550, clientCreatedTime: expect.any(Number), employee: { id: String(w.staffIds.staff) } });
      const paidAt = res.body.transactions.elements.find((t: { id: string }) => t.id === `demo_${id}`).clientCreatedTime as number;
      expect(paidAt).toBeGreaterThanOrEqual(before - 1000);
      expect(paidAt).toBeLessThanOrEqual(after + 1000);
      expect(res.body.employees.elements.map((e: { id: string }) => e.id)).toContain(String(w.staffIds.staff));
    }, 20_000);
    expect((await api('GET', `getMerchantTransactions/${dayStart}?storeId=${w.storeId}`, undefined, w.tokens.admin)).status).toBe(403);
  });
});
