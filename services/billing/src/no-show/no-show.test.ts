import { DateTime } from 'luxon';
import { BILLING_MESSAGES, BILLING_TEST_TOKENS } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { startBilling, type Harness } from '../test/world';

let h: Harness;
const ZONE = 'America/Chicago';
const FEE = 2500;
// Whatever day and hour the test runs: the day before today in the store's zone has started, a day far ahead has not.
const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate()!;
const farAhead = '2099-06-01';
let nextId = Math.floor(Math.random() * 1e6) + 1e6;

beforeAll(async () => {
  h = await startBilling();
  await h.storeUpdated(h.S1, 'Nail Palace', ZONE);
  await h.storeUpdated(h.S2, 'Other Nails', ZONE);
  const res = await h.http().put(`/api/cardPolicy/${h.S1}`).set(h.auth('owner')).send({ policy: 'groups', noShowFee: FEE });
  if (res.status !== 200) throw new Error(`the fee could not be set: ${res.status}`);
});
afterAll(async () => h?.stop());

/** A card saved through a SetupIntent as the booking page or the wizard saves it (no token needed). */
async function savedCard(storeId = h.S1, token: string = BILLING_TEST_TOKENS.success): Promise<string> {
  const setup = await h.http().post('/api/cardOnFile/setup').send({ storeId });
  expect(setup.status).toBe(200);
  const saved = await h.http().post('/api/cardOnFile/save').send({ storeId, setupIntentId: setup.body.setupIntentId, token });
  expect(saved.status).toBe(200);
  return saved.body.cardOnFile.id;
}

/** An appointment as scheduling publishes it; billing's read model has it once its event is in. */
async function appointment(over: { storeId?: number; date?: string; cardOnFile?: string } = {}): Promise<number> {
  const id = nextId++;
  const storeId = over.storeId ?? h.S1;
  await h.publish('appointment.created', storeId, {
    id, storeId, staffId: 60001, customerId: 7, date: over.date ?? yesterday, start: '10:00 am', end: '11:00 am', status: 'ON', dayOff: false, sale: 0,
    ...(over.cardOnFile ? { cardOnFile: over.cardOnFile } : {}),
  });
  await eventually(async () => expect(await h.db.collection('appointment_cards').findOne({ _id: id } as never)).not.toBeNull());
  return id;
}

const charge = (id: number, who: Parameters<Harness['auth']>[0] = 'owner', storeId = h.S1) =>
  h.http().post(`/api/chargeNoShowFee/${id}`).set(h.auth(who)).send({ storeId });

describe('a card on file and the no-show fee', () => {
  it("when a customer's card is saved through a SetupIntent, then its last 4 digits come back and nothing is charged", async () => {
    const setup = await h.http().post('/api/cardOnFile/setup').send({ storeId: h.S1 });
    expect(setup.body).toEqual({ setupIntentId: expect.stringMatching(/^seti_/), clientSecret: expect.stringMatching(/_secret_/) });
    const saved = await h.http().post('/api/cardOnFile/save').send({ storeId: h.S1, setupIntentId: setup.body.setupIntentId, token: BILLING_TEST_TOKENS.success });
    expect(saved.body).toEqual({ cardOnFile: { id: setup.body.setupIntentId, last4: '4242', brand: 'visa' } });
    expect(await h.db.collection('no_show_charges').countDocuments({ storeId: h.S1 } as never)).toBe(0);
  });

  it("when the card is declined while it is saved, then the seeds' card message answers it (402)", async () => {
    for (const [token, text] of [
      [BILLING_TEST_TOKENS.insufficientFunds, BILLING_MESSAGES.insufficientFunds],
      [BILLING_TEST_TOKENS.authenticationRequired, BILLING_MESSAGES.authenticationRequired],
    ] as const) {
      const setup = await h.http().post('/api/cardOnFile/setup').send({ storeId: h.S1 });
      const res = await h.http().post('/api/cardOnFile/save').send({ storeId: h.S1, setupIntentId: setup.body.setupIntentId, token });
      expect([res.status, res.body.message]).toEqual([402, text]);
    }
  });

  it("when a card's setup is saved under another store, then it is refused (400)", async () => {
    const setup = await h.http().post('/api/cardOnFile/setup').send({ storeId: h.S1 });
    const res = await h.http().post('/api/cardOnFile/save').send({ storeId: h.S2, setupIntentId: setup.body.setupIntentId, token: BILLING_TEST_TOKENS.success });
    expect([res.status, res.body.field]).toEqual([400, 'setupIntentId']);
  });

  it('when the owner sets a bad no-show amount (negative, cents with decimals, over $500, text), then 400 naming noShowFee, and the fee stays', async () => {
    for (const noShowFee of [-1, 12.5, 50_001, '25']) {
      const res = await h.http().put(`/api/cardPolicy/${h.S1}`).set(h.auth('owner')).send({ policy: 'groups', noShowFee });
      expect([noShowFee, res.status, res.body.field]).toEqual([noShowFee, 400, 'noShowFee']);
    }
    expect((await h.http().get(`/api/public_getCardPolicy/${h.S1}`)).body).toEqual({ policy: 'groups', noShowFee: FEE });
  });

  it('when the owner sets the policy, then billing announces it to scheduling (billing.card_policy_changed), which refuses online requests without a card under all', async () => {
    const res = await h.http().put(`/api/cardPolicy/${h.S2}`).set(h.auth('otherStore')).send({ policy: 'all', noShowFee: 1500 });
    expect(res.status).toBe(200);
    await eventually(async () => expect(h.eventsOf('billing.card_policy_changed', h.S2).map((e) => e.data)).toContainEqual({ storeId: h.S2, policy: 'all', noShowFee: 1500 }));
  });

  it('when an admin or another store\'s owner sets the policy, then it is refused', async () => {
    for (const who of ['admin', 'otherStore', 'none'] as const) {
      const res = await h.http().put(`/api/cardPolicy/${h.S1}`).set(h.auth(who)).send({ policy: 'all', noShowFee: 1 });
      expect([who, [401, 403, 404].includes(res.status)]).toEqual([who, true]);
    }
  });

  it('when the appointment has not started yet, then the fee is refused (409) and nothing is charged', async () => {
    const id = await appointment({ date: farAhead, cardOnFile: await savedCard() });
    const res = await charge(id);
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'noShowTooEarly', BILLING_MESSAGES.noShowTooEarly]);
    expect(await h.db.collection('no_show_charges').findOne({ _id: id } as never)).toBeNull();
  });

  it('when the appointment holds no card, then the fee is refused (409)', async () => {
    const res = await charge(await appointment());
    expect([res.status, res.body.code]).toEqual([409, 'noCardOnFile']);
  });

  it('when the owner clicks twice at once on a past appointment with a card, then it is charged once: one charge, one event, one transaction', async () => {
    const id = await appointment({ cardOnFile: await savedCard() });
    const answers = await Promise.all([charge(id), charge(id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    for (const r of answers) expect(r.body.charge).toEqual({ appointmentId: id, amount: FEE, status: 'succeeded', message: BILLING_MESSAGES.noShowCharged, last4: '4242', chargedAt: expect.any(String) });
    // a click after both: the first charge again
    const again = await charge(id);
    expect(again.body.charge).toEqual(answers[0].body.charge);
    await eventually(async () => expect(h.eventsOf('billing.no_show_charged', h.S1).filter((e) => (e.data as { appointmentId: number }).appointmentId === id)).toHaveLength(1));
    const day = DateTime.fromISO(again.body.charge.chargedAt).setZone(ZONE).startOf('day').toMillis();
    const tx = await h.http().get(`/api/getMerchantTransactions/${day}`).query({ storeId: h.S1 }).set(h.auth('owner'));
    expect(tx.body.transactions.elements.filter((t: { id: string }) => t.id === `noshow_${id}`)).toEqual([
      { id: `noshow_${id}`, amount: FEE, clientCreatedTime: Date.parse(again.body.charge.chargedAt), employee: null },
    ]);
    expect((await h.http().get(`/api/getNoShowFee/${id}`).query({ storeId: h.S1 }).set(h.auth('owner'))).body).toEqual({ charge: again.body.charge });
  });

  it("when another store's owner (or this store's admin) charges the appointment, then it is refused and nothing is charged", async () => {
    const id = await appointment({ cardOnFile: await savedCard() });
    expect((await charge(id, 'otherStore', h.S2)).status).toBe(404);
    expect([403, 404]).toContain((await charge(id, 'otherStore', h.S1)).status);
    expect([403, 404]).toContain((await charge(id, 'admin')).status);
    expect(await h.db.collection('no_show_charges').findOne({ _id: id } as never)).toBeNull();
  });

  it("when the appointment is unknown, deleted, or another store's (named by this store's owner), then it is 404 'Appointment not found' and nothing is charged", async () => {
    const notFound = [404, 'notFound', BILLING_MESSAGES.appointmentNotFound];
    const unknown = nextId++;
    const deleted = await appointment({ cardOnFile: await savedCard() });
    await h.publish('appointment.deleted', h.S1, { id: deleted, storeId: h.S1, staffId: 60001, customerId: 7, date: yesterday, start: '10:00 am', end: '11:00 am', status: 'ON', dayOff: false });
    await eventually(async () => expect(await h.db.collection('appointment_cards').findOne({ _id: deleted, deleted: true } as never)).not.toBeNull());
    const elsewhere = await appointment({ storeId: h.S2, cardOnFile: await savedCard(h.S2) });
    for (const id of [unknown, deleted, elsewhere]) {
      const res = await charge(id);
      expect([id, res.status, res.body.code, res.body.message]).toEqual([id, ...notFound]);
    }
    expect(await h.db.collection('no_show_charges').countDocuments({ _id: { $in: [unknown, deleted, elsewhere] } } as never)).toBe(0);
  });

  it('when the card declines the charge, then the answer is declined with the card message, recorded once, and no transaction shows', async () => {
    const id = await appointment({ cardOnFile: await savedCard(h.S1, BILLING_TEST_TOKENS.declinesOnCharge) });
    const res = await charge(id);
    expect(res.body.charge).toMatchObject({ appointmentId: id, status: 'declined', message: 'Your card was declined.' });
    expect((await charge(id)).body.charge).toEqual(res.body.charge);
    await eventually(async () => expect(h.eventsOf('billing.no_show_charged', h.S1).filter((e) => (e.data as { appointmentId: number }).appointmentId === id)).toHaveLength(1));
    const day = DateTime.fromISO(res.body.charge.chargedAt).setZone(ZONE).startOf('day').toMillis();
    const tx = await h.http().get(`/api/getMerchantTransactions/${day}`).query({ storeId: h.S1 }).set(h.auth('owner'));
    expect(tx.body.transactions.elements.map((t: { id: string }) => t.id)).not.toContain(`noshow_${id}`);
  });

  it('when the store set no fee, then the fee is refused (409)', async () => {
    await h.http().put(`/api/cardPolicy/${h.S2}`).set(h.auth('otherStore')).send({ policy: 'all', noShowFee: 0 });
    const id = await appointment({ storeId: h.S2, cardOnFile: await savedCard(h.S2) });
    const res = await charge(id, 'otherStore', h.S2);
    expect([res.status, res.body.code]).toEqual([409, 'noShowFeeNotSet']);
  });
});
