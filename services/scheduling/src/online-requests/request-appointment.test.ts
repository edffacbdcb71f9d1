import { randomUUID } from 'node:crypto';
import { nextMonday } from '../test/days';
import { count, startWorldWithGel, type World } from '../test/world';

let w: World;
let gel: number;
/** A Monday (the test store is open 10 am to 6 pm) a few days ahead, inside the online window. */
let date: string;

beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
  date = nextMonday();
}, 60_000);
afterAll(async () => w?.stop());

/** The booking page's request for a guest who has just registered in the flow (no store record yet). */
const requestBody = (userId: number, over: object = {}) => ({
  storeId: w.store.id, staffId: w.staffIds.staff, serviceIds: `${gel}`, date, start: '10:00 am', end: '10:45 am', note: 'please',
  email: 'guest@example.com', userId, customer: { fname: 'gina', lname: 'guest', email: 'guest@example.com' }, ...over,
});
const requestsOf = (customerId: number) => count(w, 'appointments', { customerId, status: 'PENDING' });

describe('the booking page\'s request in one call', () => {
  it("when a guest requests a time, then the store's customer is made for the guest's account and the request is written for it", async () => {
    const guest = w.guest(w.store.id, []);
    const res = await w.as(null).post('/api/public_requestAppointment', requestBody(guest.userId)).expect(201);
    expect(w.customers.visitors.get(`${w.store.id}:${guest.phone}`)).toEqual({ id: res.body.customerId, accountId: guest.userId });
    expect(res.body.appointment).toMatchObject({ status: 'PENDING', date, start: '10:00 am' });
    const saved = await w.svc.db.collection('appointments').findOne({ _id: res.body.appointment.id } as never);
    expect(saved).toMatchObject({ customerId: res.body.customerId, accountId: guest.userId, customerPhone: guest.phone });
  });

  it('when the same key is sent twice, then one write: the retry answers the first answer', async () => {
    const guest = w.guest(w.store.id, []);
    const key = randomUUID();
    const body = requestBody(guest.userId, { start: '11:00 am', end: '11:45 am' });
    const first = await w.as(null).post('/api/public_requestAppointment', body).set('Idempotency-Key', key).expect(201);
    const again = await w.as(null).post('/api/public_requestAppointment', body).set('Idempotency-Key', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await requestsOf(first.body.customerId)).toBe(1);
  });

  it('when the time is refused, then no request is written, and the next try finds the same customer', async () => {
    const guest = w.guest(w.store.id, []);
    const refused = await w.as(null).post('/api/public_requestAppointment', requestBody(guest.userId, { start: '07:00 pm', end: '07:45 pm' })).expect(409);
    expect(refused.body.code).toBeDefined();
    const customerId = w.customers.visitors.get(`${w.store.id}:${guest.phone}`)!.id;
    expect(await requestsOf(customerId)).toBe(0);
    const res = await w.as(null).post('/api/public_requestAppointment', requestBody(guest.userId, { start: '01:00 pm', end: '01:45 pm' })).expect(201);
    expect(res.body.customerId).toBe(customerId);
    expect(await requestsOf(customerId)).toBe(1);
  });

  it("when the request names no account of this flow, then it is refused naming userId and no customer or request is made", async () => {
    const before = [w.customers.visitors.size, await count(w, 'appointments')];
    const res = await w.as(null).post('/api/public_requestAppointment', requestBody(987654321)).expect(400);
    expect(res.body.field).toBe('userId');
    expect([w.customers.visitors.size, await count(w, 'appointments')]).toEqual(before);
  });
});
