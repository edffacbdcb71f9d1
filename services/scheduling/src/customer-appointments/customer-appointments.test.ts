import { DateTime } from 'luxon';
import { eventually } from '@turnbook/test-kit';
import { nextMonday } from '../test/days';
import { withCustomerEventDuringCopyRead } from '../test/events';
import { ROLES, startWorld, type World } from '../test/world';

let w: World;
const CUSTOMER = 77;
const ago = (months: number) => DateTime.now().setZone('America/New_York').minus({ months }).toISODate()!;
const future = DateTime.now().plus({ days: 10 }).toISODate()!;

beforeAll(async () => {
  w = await startWorld();
  const appt = (id: number, over: object) => ({
    _id: id, storeId: w.store.id, staffId: w.staffIds.staff, customerId: CUSTOMER, serviceIds: '1,2',
    services: [{ id: 1, name: 'gel', price: 35, duration: 45 }, null, { id: 2, name: 'polish', price: 10, duration: 15 }],
    start: '10:00 am', end: '11:00 am', startMin: 600, endMin: 660, note: 'likes red', status: 'ON', createdBy: 0, modifiedBy: 0, sale: 4500, // cents, as stored
    created_at: new Date(), updated_at: new Date(), ...over,
  });
  await w.svc.db.collection('appointments').insertMany([
    appt(800001, { date: ago(2) }),
    appt(800002, { date: future, staffId: w.staffIds.limited, sale: 0 }),
    appt(800003, { date: ago(1), status: 'CANCEL', startMin: 900, start: '03:00 pm', end: '04:00 pm' }),
    appt(800004, { date: ago(80) }),
    appt(800005, { date: ago(1), customerId: CUSTOMER + 1 }),
    appt(800006, { date: ago(1), storeId: w.otherStore.id }),
    appt(800007, { date: ago(3), staffId: 8888 }),
  ] as never[]);
}, 60_000);
afterAll(async () => w?.stop());

const url = () => `/api/getAppointmentsByStoreIdAndCustomerId/${w.store.id}/${CUSTOMER}`;

describe('a customer\'s appointments', () => {
  it('when a manager reads them, then they come newest first over 72 months with services, staff name, sale, note and status', async () => {
    const res = await w.as('admin').get(url()).expect(200);
    const list = res.body.appointments;
    expect(list.map((a: { id: number }) => a.id)).toEqual([800002, 800003, 800001, 800007]);
    expect(list[0]).toMatchObject({
      id: 800002, storeId: w.store.id, staffId: w.staffIds.limited, customerId: CUSTOMER, date: future, start: '10:00 am', end: '11:00 am',
      services: [{ id: 1, name: 'gel', price: 35, duration: 45 }, { id: 2, name: 'polish', price: 10, duration: 15 }],
      userFname: 'limited', sale: 0, note: 'likes red', status: 'ON',
    });
    expect(list[1]).toMatchObject({ status: 'CANCEL', sale: 45, userFname: 'staff' });
    expect(list[3]).toMatchObject({ staffId: 8888, userFname: null });
  });

  it('when plain staff read them, then staff names show and sales only on their own appointments', async () => {
    const list = (await w.as('staff').get(url()).expect(200)).body.appointments;
    expect(list.map((a: { id: number; sale: unknown; userFname: unknown }) => [a.id, a.sale, a.userFname])).toEqual([
      [800002, null, 'limited'],
      [800003, 45, 'staff'],
      [800001, 45, 'staff'],
      [800007, null, null],
    ]);
  });

  it('when limited staff read them, then they see only their own appointments', async () => {
    const list = (await w.as('limited').get(url()).expect(200)).body.appointments;
    expect(list.map((a: { id: number }) => a.id)).toEqual([800002]);
  });

  it.each([
    ['customerId', `/api/getAppointmentsByStoreIdAndCustomerId/${1}/abc`],
    ['customerId', `/api/getAppointmentsByStoreIdAndCustomerId/${1}/0`],
    ['storeId', '/api/getAppointmentsByStoreIdAndCustomerId/x/5'],
  ])('when the %s is bad, then it answers 400 naming it', async (field, path) => {
    const res = await w.as('owner').get(path.replace('/1/', `/${w.store.id}/`)).expect(400);
    expect(res.body.field).toBe(field);
  });

  it('when each role asks, then members may and everyone else may not', async () => {
    const got: Record<string, number> = {};
    for (const r of ROLES) got[r] = (await w.as(r).get(url())).status;
    expect(got).toEqual({ owner: 200, admin: 200, superadmin: 200, limited: 200, staff: 200, other: 403, customer: 403, none: 401 });
  });

  it("when our owner asks for another store's customer, then no data comes back", async () => {
    const res = await w.as('owner').get(`/api/getAppointmentsByStoreIdAndCustomerId/${w.otherStore.id}/${CUSTOMER}`);
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('appointments');
  });
});

describe('customer events', () => {
  it('when a customer is edited, then their appointments carry the new name, phone, email and status', async () => {
    await w.svc.bus.publishDurably(w.svc.bus.event('customer.updated', w.store.id, {
      customerId: CUSTOMER, storeId: w.store.id, fname: 'ann', lname: 'lee', phone: '2155550142', email: null, status: 'banned',
      fav_staffId: null, book_with_fav_staff: 0, visited: 1, color: null, updated_at: new Date().toISOString(),
    }));
    await eventually(async () => {
      const docs = await w.svc.db.collection('appointments').find({ storeId: w.store.id, customerId: CUSTOMER }).toArray();
      expect(docs.length).toBeGreaterThan(0);
      for (const d of docs) expect(d).toMatchObject({ customerFname: 'ann', customerLname: 'lee', customerPhone: '2155550142', customerEmail: '', customerStatus: 'banned' });
    });
    const other = await w.svc.db.collection('appointments').findOne({ _id: 800006 } as never);
    expect(other?.customerFname).toBeUndefined();
  });

  it('when two customers are merged, then the removed one\'s appointments move to the kept one', async () => {
    await w.svc.db.collection('appointments').insertOne({ _id: 800100, storeId: w.store.id, staffId: w.staffIds.staff, customerId: 555, serviceIds: '1', date: ago(1), start: '10:00 am', end: '11:00 am', startMin: 600, endMin: 660 } as never);
    await w.svc.bus.publishDurably(w.svc.bus.event('customer.merged', w.store.id, { storeId: w.store.id, keptId: 556, removedId: 555 }));
    await eventually(async () => {
      expect((await w.svc.db.collection('appointments').findOne({ _id: 800100 } as never))?.customerId).toBe(556);
    });
    const list = (await w.as('owner').get(`/api/getAppointmentsByStoreIdAndCustomerId/${w.store.id}/556`).expect(200)).body.appointments;
    expect(list.map((a: { id: number }) => a.id)).toEqual([800100]);
  });

  describe('a booking names its customer', () => {
    let service = 0;
    const customerEvent = (type: 'customer.created' | 'customer.updated', customerId: number, fname: string, updatedAt: string) =>
      w.svc.bus.event(type, w.store.id, {
        customerId, storeId: w.store.id, fname, lname: 'park', phone: '2155550199', email: 'mia@example.com', status: '',
        fav_staffId: null, book_with_fav_staff: 0, visited: 0, color: null, updated_at: updatedAt,
      });
    const book = (customerId: number) =>
      w.as('owner').post('/api/appointment', {
        storeId: w.store.id, staffId: w.staffIds.staff, customerId, serviceIds: `${service}`, date: nextMonday(), start: '01:00 pm', end: '01:30 pm',
      });
    beforeAll(async () => {
      service = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Polish', duration: 30, price: 15, icon: '4' }).expect(201)).body.service.id;
    });

    it("when a customer was created before the booking, then the new appointment carries their name, phone and email at once", async () => {
      await w.svc.bus.publishDurably(customerEvent('customer.created', 901, 'mia', '2026-01-01T00:00:00.000Z'));
      await eventually(async () => expect(await w.svc.db.collection('customer_copies').findOne({ _id: 901 } as never)).toMatchObject({ fname: 'mia' }));
      const res = await book(901).expect(201);
      expect(res.body.appointment).toMatchObject({ customerId: 901, customerFname: 'mia', customerLname: 'park', customerPhone: '2155550199', customerEmail: 'mia@example.com' });
      const read = await w.as('owner').get(`/api/getAppointmentsById/${res.body.appointment.id}`).expect(200);
      expect(read.body.appointments[0]).toMatchObject({ customerFname: 'mia', customerLname: 'park' });
    });

    it("when the booking is written before the customer's created event arrives, then the event fills the name in", async () => {
      const res = await book(902).expect(201);
      expect(res.body.appointment.customerFname).toBe('');
      await w.svc.bus.publishDurably(customerEvent('customer.created', 902, 'noa', '2026-01-01T00:00:00.000Z'));
      await eventually(async () => {
        const read = await w.as('owner').get(`/api/getAppointmentsById/${res.body.appointment.id}`).expect(200);
        expect(read.body.appointments[0]).toMatchObject({ customerFname: 'noa', customerPhone: '2155550199' });
      });
    });

    it("when the customer's created event is applied while the booking is written, then the new appointment still carries their name", async () => {
      // The event lands between the booking's read of the copy (not heard of yet) and its insert: its update
      // of the customer's appointments is over before the appointment exists.
      const deliver = () => w.svc.bus.publishDurably(customerEvent('customer.created', 905, 'ivy', '2026-01-01T00:00:00.000Z'));
      const res = await withCustomerEventDuringCopyRead(905, deliver, () => book(905).expect(201));
      // Stored, not only answered: no later event of this customer will come to fill it in.
      const read = await w.as('owner').get(`/api/getAppointmentsById/${res.body.appointment.id}`).expect(200);
      expect(read.body.appointments[0]).toMatchObject({ customerFname: 'ivy', customerLname: 'park', customerPhone: '2155550199' });
      const day = (await w.as('owner').get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${res.body.appointment.date}`).expect(200)).body;
      expect(JSON.stringify(day)).toContain('"customerFname":"ivy"');
      expect(res.body.appointment).toMatchObject({ customerFname: 'ivy', customerLname: 'park', customerPhone: '2155550199' });
    });

    it('when an older event arrives after a newer one, then the newer name stays on the copy and the appointments', async () => {
      await w.svc.bus.publishDurably(customerEvent('customer.updated', 903, 'new', '2026-03-01T00:00:00.000Z'));
      await eventually(async () => expect(await w.svc.db.collection('customer_copies').findOne({ _id: 903 } as never)).toMatchObject({ fname: 'new' }));
      await w.svc.bus.publishDurably(customerEvent('customer.created', 903, 'old', '2026-01-01T00:00:00.000Z'));
      // The created event is consumed by its own consumer: wait until a later event on that consumer is applied.
      await w.svc.bus.publishDurably(customerEvent('customer.created', 904, 'later', '2026-01-01T00:00:00.000Z'));
      await eventually(async () => expect(await w.svc.db.collection('customer_copies').findOne({ _id: 904 } as never)).toMatchObject({ fname: 'later' }));
      expect(await w.svc.db.collection('customer_copies').findOne({ _id: 903 } as never)).toMatchObject({ fname: 'new' });
      expect((await book(903).expect(201)).body.appointment.customerFname).toBe('new');
    });

    it("when an edit changes the appointment's customer, then it carries the new customer's name", async () => {
      const res = await book(902).expect(201);
      const moved = await w.as('owner').patch(`/api/appointment/${res.body.appointment.id}`, { customerId: 901 }).expect(200);
      expect(moved.body.appointment).toMatchObject({ customerId: 901, customerFname: 'mia' });
    });
  });
});
