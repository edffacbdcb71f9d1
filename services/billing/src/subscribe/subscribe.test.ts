import { BILLING_MESSAGES, BILLING_TEST_TOKENS } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { startBilling, type Harness } from '../test/world';

let h: Harness;
let planId: string;
beforeAll(async () => {
  h = await startBilling();
  await h.storeUpdated(h.S1, 'Nail Palace');
  // five real staff: the store pays
  for (let i = 1; i <= 5; i++) await h.staffUpdated(h.S1, 40000 + i);
  await eventually(async () => {
    const expiration = (await h.http().get(`/api/getPackageByStoreId/${h.S1}`).set(h.auth('owner'))).body.expiration;
    if (expiration !== 'inactive') throw new Error(`the store still reads ${expiration}`);
  });
  planId = (await h.http().get('/api/getAllPlans').set(h.auth('owner'))).body.products[0].id;
});
afterAll(async () => h?.stop());

const form = (over: Record<string, unknown> = {}) => ({
  stripeEmail: 'owner@example.com', stripeToken: BILLING_TEST_TOKENS.success, full_name: 'Mary Smith', line1: '1 Main St', city: 'Philadelphia',
  state: 'PA', postal_code: '19104', packageId: planId, ...over,
});
const subscribe = (body: Record<string, unknown>, who: Parameters<Harness['auth']>[0] = 'owner', storeId = h.S1) =>
  h.http().post(`/api/subscribe/${storeId}`).set(h.auth(who)).send(body);
const packageOf = async () => (await h.http().get(`/api/getPackageByStoreId/${h.S1}`).set(h.auth('owner'))).body;

describe('POST subscribe/{storeId}: the payment outcomes', () => {
  it.each([
    ['insufficient funds', BILLING_TEST_TOKENS.insufficientFunds, BILLING_MESSAGES.insufficientFunds, 'insufficientFunds'],
    ['authentication required', BILLING_TEST_TOKENS.authenticationRequired, BILLING_MESSAGES.authenticationRequired, 'authenticationRequired'],
    ['another decline', BILLING_TEST_TOKENS.declined, 'Your card was declined.', 'cardDeclined'],
  ])('when the card is declined for %s, then 402 with the plain text the form shows, its code in x-error-code, and the store stays inactive with no card kept', async (_what, token, text, code) => {
    const res = await subscribe(form({ stripeToken: token }));
    expect(res.status).toBe(402);
    expect(res.body).toBe(text);
    expect(res.headers['x-error-code']).toBe(code);
    expect((await packageOf()).expiration).toBe('inactive');
    expect((await h.http().get(`/api/getPMByStoreId/${h.S1}`).set(h.auth('owner'))).body).toEqual({ paymentMethods: [], default_source: null });
  });

  it.each([
    [{ full_name: '' }, 'full_name'],
    [{ full_name: undefined }, 'full_name'],
    [{ line1: '  ' }, 'line1'],
    [{ city: '' }, 'city'],
    [{ state: 'XX' }, 'state'],
    [{ state: 'PR' }, 'state'],
    [{ postal_code: '1910' }, 'postal_code'],
    [{ postal_code: '19104-12' }, 'postal_code'],
    [{ stripeEmail: 'nope' }, 'stripeEmail'],
    [{ stripeToken: '' }, 'stripeToken'],
    [{ packageId: 'price_not_ours' }, 'packageId'],
  ])('when the form has %j, then 400 naming %s and nothing is written', async (over, field) => {
    const res = await subscribe(form(over));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect((await packageOf()).expiration).toBe('inactive');
  });

  it('when no plan is chosen and the store has none, then 400 planRequired', async () => {
    const res = await subscribe(form({ packageId: undefined }));
    expect([res.status, res.body.code, res.body.field]).toEqual([400, 'planRequired', 'packageId']);
  });

  it('when someone other than the owner subscribes, then 403 and nothing is written', async () => {
    for (const who of ['admin', 'superadmin', 'staff', 'frontDesk'] as const) expect([who, (await subscribe(form(), who)).status]).toEqual([who, 403]);
    expect((await packageOf()).expiration).toBe('inactive');
  });

  it('when the owner pays with a good card, then success with the package: active, the plan, a month-long period; the card is the default and an invoice is kept', async () => {
    const res = await subscribe(form());
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const pkg = res.body.package;
    expect(pkg).toMatchObject({ packageId: planId, product: 'Standard', price: 2999, storeName: 'Nail Palace', expiration: 'active' });
    expect(pkg.id).toMatch(/^sub_/);
    const now = Date.now() / 1000;
    expect(pkg.current_period_start).toBeLessThanOrEqual(now + 1);
    expect(pkg.current_period_end - pkg.current_period_start).toBeGreaterThanOrEqual(28 * 86400);
    expect(await packageOf()).toEqual(pkg);
    const pm = (await h.http().get(`/api/getPMByStoreId/${h.S1}`).set(h.auth('owner'))).body;
    expect(pm.paymentMethods).toEqual([{ id: expect.stringMatching(/^card_/), card: { last4: '4242', brand: 'Visa', exp_month: expect.any(Number), exp_year: expect.any(Number) } }]);
    expect(pm.default_source).toBe(pm.paymentMethods[0].id);
    const inv = (await h.http().get(`/api/getInvoicesByStoreId/${h.S1}`).set(h.auth('owner'))).body.invoices;
    expect(inv).toEqual([{ id: expect.stringMatching(/^in_/), period_start: pkg.current_period_start, amount_paid: expect.any(Number), hosted_invoice_url: null }]);
    expect(inv[0].amount_paid).toBeGreaterThan(0);
    await eventually(() => expect(h.eventsOf('billing.package_changed', h.S1).at(-1)?.data).toMatchObject({ expiration: 'active', free: false, id: pkg.id }));
  });

  it('when the owner subscribes again while active, then 409 and the subscription is unchanged', async () => {
    const before = await packageOf();
    const res = await subscribe(form());
    expect(res.status).toBe(409);
    expect(await packageOf()).toEqual(before);
  });
});

describe('payment methods and invoices: the owner only', () => {
  it('when the owner sets a card that is not the store’s as default, then 400 naming pm_source', async () => {
    const res = await h.http().post(`/api/setDefaultPMByStoreId/${h.S1}`).set(h.auth('owner')).send({ pm_source: 'card_not_ours' });
    expect([res.status, res.body.field]).toEqual([400, 'pm_source']);
  });

  it('when the owner sets the store’s card as default, then it answers that card as default_source', async () => {
    const pm = (await h.http().get(`/api/getPMByStoreId/${h.S1}`).set(h.auth('owner'))).body;
    const res = await h.http().post(`/api/setDefaultPMByStoreId/${h.S1}`).set(h.auth('owner')).send({ pm_source: pm.paymentMethods[0].id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ default_source: pm.paymentMethods[0].id });
  });

  it('when anyone but the owner reads invoices or cards, then 403/404 and no data', async () => {
    for (const who of ['admin', 'superadmin', 'limited', 'staff', 'frontDesk', 'otherStore', 'customer'] as const) {
      for (const path of [`getInvoicesByStoreId/${h.S1}`, `getPMByStoreId/${h.S1}`]) {
        const res = await h.http().get(`/api/${path}`).set(h.auth(who));
        expect([who, path, [403, 404].includes(res.status), JSON.stringify(res.body).includes('4242')]).toEqual([who, path, true, false]);
      }
    }
  });
});
