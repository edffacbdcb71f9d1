import { BILLING_MESSAGES, BILLING_TEST_TOKENS } from '@turnbook/contracts';
import { startBilling, type Harness } from '../test/world';

let h: Harness;
beforeAll(async () => {
  h = await startBilling();
  await h.storeUpdated(h.S1, 'Nail Palace');
});
afterAll(async () => h?.stop());

const post = (path: string, body: Record<string, unknown>, who: Parameters<Harness['auth']>[0] = 'owner') =>
  h.http().post(`/api/${path}/${h.S1}`).set(h.auth(who)).send(body);
const cards = async () => (await h.http().get(`/api/getPMByStoreId/${h.S1}`).set(h.auth('owner'))).body;
const setup = async () => {
  const res = await post('setupCard', { email: 'owner@example.com' });
  expect(res.status).toBe(200);
  return res.body as { setupIntentId: string; clientSecret: string };
};

describe('adding and replacing a card through a SetupIntent (the owner)', () => {
  it('when a store that never subscribed asks to add a card, then it gets a SetupIntent of its own customer with a client secret for Stripe Elements', async () => {
    const si = await setup();
    expect(si.setupIntentId).toMatch(/^seti_/);
    expect(si.clientSecret).toMatch(/_secret_/);
  });

  it('when the SetupIntent is confirmed with a card, then the card is kept with its expiry and becomes the default', async () => {
    const { setupIntentId } = await setup();
    const res = await post('addCard', { setupIntentId, token: BILLING_TEST_TOKENS.success });
    expect(res.status).toBe(200);
    expect(res.body.paymentMethods).toEqual([{ id: expect.stringMatching(/^pm_/), card: { last4: '4242', brand: 'visa', exp_month: expect.any(Number), exp_year: expect.any(Number) } }]);
    expect(res.body.default_source).toBe(res.body.paymentMethods[0].id);
    expect(await cards()).toEqual(res.body);
  });

  it('when a second card is added without making it the default, then both are listed, the first stays default, and the second can then be set as default (it replaces the first)', async () => {
    const first = (await cards()).default_source;
    const { setupIntentId } = await setup();
    const res = await post('addCard', { setupIntentId, token: BILLING_TEST_TOKENS.success, makeDefault: false });
    expect(res.status).toBe(200);
    expect(res.body.paymentMethods).toHaveLength(2);
    expect(res.body.default_source).toBe(first);
    const second = res.body.paymentMethods.find((p: { id: string }) => p.id !== first).id;
    const set = await h.http().post(`/api/setDefaultPMByStoreId/${h.S1}`).set(h.auth('owner')).send({ pm_source: second });
    expect([set.status, set.body]).toEqual([200, { default_source: second }]);
    expect((await cards()).default_source).toBe(second);
  });

  it('when the card is declined for insufficient funds, then 402 with the form’s text and no card is added', async () => {
    const before = await cards();
    const { setupIntentId } = await setup();
    const res = await post('addCard', { setupIntentId, token: BILLING_TEST_TOKENS.insufficientFunds });
    expect([res.status, res.body.code, res.body.message]).toEqual([402, 'insufficientFunds', BILLING_MESSAGES.insufficientFunds]);
    expect(await cards()).toEqual(before);
  });

  it('when a store with no card setup sends a SetupIntent id, then 400 naming setupIntentId', async () => {
    const res = await h.http().post(`/api/addCard/${h.S2}`).set(h.auth('otherStore')).send({ setupIntentId: 'seti_not_ours', token: BILLING_TEST_TOKENS.success });
    expect([res.status, res.body.field]).toEqual([400, 'setupIntentId']);
  });

  it('when the front desk or an admin tries, then 403 and nothing is added', async () => {
    const before = await cards();
    for (const who of ['admin', 'frontDesk', 'staff'] as const) {
      expect([who, (await post('setupCard', { email: 'x@example.com' }, who)).status]).toEqual([who, 403]);
      expect([who, (await post('addCard', { setupIntentId: 'seti_x', token: BILLING_TEST_TOKENS.success }, who)).status]).toEqual([who, 403]);
    }
    expect(await cards()).toEqual(before);
  });
});
