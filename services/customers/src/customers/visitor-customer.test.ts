import { INTERNAL_TOKEN_HEADER } from '@turnbook/contracts';
import { startCustomers, type Harness } from '../test/world';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

const visitor = (body: object, token = h.config.INTERNAL_TOKEN) => h.http().post('/internal/customers/visitor').set(INTERNAL_TOKEN_HEADER, token).send({ address: '10.9.0.1', ...body });
const ofPhone = (phone: string) => h.db.collection('customers').countDocuments({ phone });

describe("POST /internal/customers/visitor (scheduling's request from the booking page)", () => {
  it('when the same visitor is asked for twice, then one customer is made, tied to the account, and both answers name it', async () => {
    const first = await visitor({ storeId: h.S1, fname: 'vera', lname: 'visit', email: 'vera@x.io', phone: '5559400001', accountId: 401 });
    expect([first.status, first.body.created]).toEqual([200, true]);
    const again = await visitor({ storeId: h.S1, fname: 'vera', lname: 'visit', email: 'vera@x.io', phone: '5559400001', accountId: 401 });
    expect(again.body).toEqual({ customer: { id: first.body.customer.id }, created: false });
    expect(await ofPhone('5559400001')).toBe(1);
    expect(await h.repo.findById(first.body.customer.id)).toMatchObject({ fname: 'vera', lname: 'visit', email: 'vera@x.io', accountId: 401 });
  });

  it("when the phone is the store's customer already, then that customer is answered, and linked to the account only when its token proves the phone", async () => {
    const known = await h.create({ fname: 'walk', lname: 'in', phone: '5559400002' });
    expect((await visitor({ storeId: h.S1, fname: 'wes', lname: 'x', phone: '5559400002', accountId: 402 })).body).toEqual({ customer: { id: known.id }, created: false });
    expect((await h.repo.findById(known.id))?.accountId).toBeNull();
    await visitor({ storeId: h.S1, fname: 'wes', lname: 'x', phone: '5559400002', accountId: 402, provedBy: 402 });
    expect((await h.repo.findById(known.id))?.accountId).toBe(402);
  });

  it('when the call has no internal token, a bad phone or an unknown store, then it is refused and nothing is made', async () => {
    expect((await visitor({ storeId: h.S1, fname: 'a', phone: '5559400003', accountId: 403 }, 'wrong')).status).toBe(401);
    expect((await visitor({ storeId: h.S1, fname: 'a', phone: '123', accountId: 403 })).body.field).toBe('phone');
    expect((await visitor({ storeId: 987654, fname: 'a', phone: '5559400003', accountId: 403 })).status).toBe(404);
    expect(await ofPhone('5559400003')).toBe(0);
  });
});
