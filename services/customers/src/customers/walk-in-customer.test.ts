import { INTERNAL_TOKEN_HEADER } from '@turnbook/contracts';
import { startCustomers, type Harness } from '../test/world';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

const walkIn = (body: object, token = h.config.INTERNAL_TOKEN) => h.http().post('/internal/customers/walk-in').set(INTERNAL_TOKEN_HEADER, token).send(body);
const ofPhone = (phone: string) => h.db.collection('customers').countDocuments({ phone });

describe("POST /internal/customers/walk-in (scheduling's walk-in sign-in)", () => {
  it('when the same walk-in is asked for twice, then one customer is made and both answers name it', async () => {
    const first = await walkIn({ storeId: h.S1, fname: 'Wendy', lname: 'Walker', phone: '5559300001', kiosk: true });
    expect([first.status, first.body.created]).toEqual([200, true]);
    const again = await walkIn({ storeId: h.S1, fname: 'wendy', lname: 'walker', phone: '(555) 930-0001', kiosk: true });
    expect(again.body).toEqual({ customer: { id: first.body.customer.id }, created: false });
    expect(await ofPhone('5559300001')).toBe(1);
  });

  it("when the phone is a customer's under another name, then a customer of its own is made (a phone alone never makes someone that customer)", async () => {
    const known = await h.create({ fname: 'Olga', lname: 'Owner', phone: '5559300002' });
    const res = await walkIn({ storeId: h.S1, fname: 'Sam', lname: 'Stranger', phone: '5559300002' });
    expect(res.body.created).toBe(true);
    expect(res.body.customer.id).not.toBe(known.id);
    expect((await walkIn({ storeId: h.S1, fname: 'Olga', lname: 'Owner', phone: '5559300002' })).body).toEqual({ customer: { id: known.id }, created: false });
  });

  it('when the call has no internal token, a bad phone or an unknown store, then it is refused and nothing is made', async () => {
    expect((await walkIn({ storeId: h.S1, fname: 'A', phone: '5559300003' }, 'wrong')).status).toBe(401);
    expect((await walkIn({ storeId: h.S1, fname: 'A', phone: '123' })).body.field).toBe('phone');
    expect((await walkIn({ storeId: 987654, fname: 'A', phone: '5559300003' })).status).toBe(404);
    expect(await ofPhone('5559300003')).toBe(0);
  });
});
