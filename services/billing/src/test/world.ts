import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import StripeSdk from 'stripe';
import type { EventEnvelope } from '@turnbook/contracts';
import { applyRoleStores, startTestService, STORE_USERS } from '@turnbook/test-kit';
import { createBillingService } from '../service';
import { startStripeMock } from './stripe-mock';

export const WEBHOOK_SECRET = 'whsec_billing_test_secret';

/** Users of the test stores (ids are arbitrary; only their relation to the stores matters). */
export const USERS = STORE_USERS;
export type Role = 'owner' | 'admin' | 'superadmin' | 'limited' | 'staff' | 'otherStore' | 'customer' | 'platform' | 'frontDesk' | 'kiosk' | 'none';
export const ROLES: Role[] = ['owner', 'admin', 'superadmin', 'limited', 'staff', 'otherStore', 'customer', 'platform', 'frontDesk', 'kiosk', 'none'];

/**
 * Billing on a fresh database against stripe-mock, with two stores: S1 (owner, admin, superadmin, limited,
 * plain staff) and S2 (another owner). Store ids are random per file (test files share NATS).
 */
export async function startBilling() {
  const mock = await startStripeMock();
  const svc = await startTestService(createBillingService(), {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_API_HOST: mock.host,
      STRIPE_API_PORT: String(mock.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  const { S1, S2 } = await applyRoleStores(svc.memberships);

  // Billing's events of our stores as the stream holds them (what the calendar and other services hear).
  const events: EventEnvelope[] = [];
  const consumer = await jetstream(svc.bus.connection).consumers.get('EVENTS', { filter_subjects: 'evt.billing.>', deliver_policy: DeliverPolicy.New });
  const messages = await consumer.consume();
  void (async () => {
    for await (const m of messages) {
      const env = JSON.parse(m.string()) as EventEnvelope;
      if (env.storeId === S1 || env.storeId === S2) events.push(env);
    }
  })();

  const tokens: Record<Exclude<Role, 'none'>, string> = {
    owner: svc.keys.user(USERS.owner),
    admin: svc.keys.user(USERS.admin),
    superadmin: svc.keys.user(USERS.superadmin),
    limited: svc.keys.user(USERS.limited),
    staff: svc.keys.user(USERS.staff),
    otherStore: svc.keys.user(USERS.otherOwner),
    customer: svc.keys.user(USERS.customer, 'customer', '5550001111'),
    platform: svc.keys.superAdmin(),
    frontDesk: svc.keys.store(S1),
    kiosk: svc.keys.kiosk(S1),
  };
  const auth = (who: Role): Record<string, string> => (who === 'none' ? {} : { Authorization: `Bearer ${tokens[who]}` });

  /** Publishes scheduling's events as scheduling would (durably, through the stream). */
  const publish = <N extends Parameters<typeof svc.bus.event>[0]>(name: N, storeId: number, data: Parameters<typeof svc.bus.event<N>>[2]) =>
    svc.bus.publishDurably(svc.bus.event(name, storeId, data));

  const staffUpdated = (storeId: number, staffId: number, over: { role?: string; archived?: boolean; nickname?: string; fname?: string } = {}) =>
    publish('staff.updated', storeId, {
      storeId, staffId, userId: null, fname: over.fname ?? `staff${staffId}`, lname: '', nickname: over.nickname ?? `n${staffId}`,
      role: over.role ?? 'staff', online_booking: 'ON', color: '', archived: over.archived ?? false,
    });

  const storeUpdated = (storeId: number, name: string, timezone = 'America/New_York') =>
    publish('store.updated', storeId, {
      storeId, ownerId: storeId === S1 ? USERS.owner : USERS.otherOwner, name, email: '', phone: '', permalink: `s-${storeId}`, status: 'ON', timezone, hours: { mon: '9:00 am - 7:00 pm' },
      settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false },
    });

  const stripe = new StripeSdk('sk_test_123');
  /** A webhook call signed with the endpoint's secret, as Stripe sends it. */
  const signedWebhook = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return svc.http().post('/api/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
  };

  return {
    ...svc,
    S1,
    S2,
    events,
    auth,
    tokens,
    publish,
    staffUpdated,
    storeUpdated,
    signedWebhook,
    eventsOf: (type: string, storeId?: number) => events.filter((e) => e.type === type && (storeId === undefined || e.storeId === storeId)),
    async stop() {
      await messages.close();
      await svc.stop();
      await mock.stop();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof startBilling>>;
