import supertest from 'supertest';
import { INTERNAL_TOKEN_HEADER, MESSAGES, subjectOf } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { collect } from '../test/events';
import { openDaysAhead } from '../test/days';
import { count, startWorldWithGel, type World } from '../test/world';

let w: World;
let gel: number;
let polish: number;
let date: string;
let nextDate: string;

beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
  polish = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Polish', duration: 15, price: 10, icon: '3', type: 'EXTERNAL' }).expect(201)).body.service.id;
  [date, nextDate] = openDaysAhead();
}, 60_000);
afterAll(async () => w?.stop());

let nextCustomer = 9100;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A visitor who books without a token, and their tokens once signed in (phone verified or not). */
async function guestWithRequest(over: object = {}) {
  const customerId = ++nextCustomer;
  const g = w.guest(w.store.id, [customerId]);
  const res = await w.as(null).post('/api/public_bookAppointmentOnline', {
    storeId: w.store.id, staffId: w.staffIds.staff, customerId, serviceIds: `${gel}`, date, start: '10:00 am', end: '10:45 am', userId: g.userId, ...over,
  });
  if (res.status !== 201) throw new Error(`book failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    ...g,
    id: res.body.appointment.id as number,
    unverified: w.svc.keys.userWithUnverifiedPhone(g.userId, g.phone),
    verified: w.svc.keys.user(g.userId, 'customer', g.phone),
  };
}
const statusOf = async (id: number) => (await w.svc.db.collection('appointments').findOne({ _id: id } as never))!.status;
const guestBook = (start: string, end: string, staffId = w.staffIds.staff, day = date) => {
  const customerId = ++nextCustomer;
  const g = w.guest(w.store.id, [customerId]);
  return w.as(null).post('/api/public_bookAppointmentOnline', { storeId: w.store.id, staffId, customerId, serviceIds: `${gel}`, date: day, start, end, userId: g.userId });
};

describe("a customer's own appointments", () => {
  it('when the phone is not verified yet, then the list holds only the requests made from their account, whatever phone is named', async () => {
    const g = await guestWithRequest({ start: '11:00 am', end: '11:45 am' });
    const other = await guestWithRequest({ start: '12:00 pm', end: '12:45 pm' });
    const res = await w.as(g.unverified).get(`/api/public_getAppointmentsByCustomerPhoneNumber/${other.phone}`).expect(200);
    expect(res.body.stores).toHaveLength(1);
    expect(res.body.stores[0].map((a: { id: number }) => a.id)).toEqual([g.id]);
    expect(res.body.stores[0][0]).toMatchObject({ storeName: w.store.name, permalink: w.store.permalink, timezone: w.store.timezone, status: 'PENDING', userFname: 'staff', staffId: w.staffIds.staff });
    expect(res.body.stores[0][0]).not.toHaveProperty('sale');
    expect(res.body.stores[0][0]).not.toHaveProperty('customerPhone');
  });

  it("when the phone is verified, then the list also holds the store's bookings for that phone, one list per store, newest first", async () => {
    const g = await guestWithRequest({ start: '01:00 pm', end: '01:45 pm' });
    await w.svc.db.collection('appointments').insertOne({
      _id: 9_900_001, storeId: w.otherStore.id, staffId: 8888, customerId: 4, serviceIds: '1', services: [], date: nextDate, start: '10:00 am', end: '10:30 am',
      startMin: 600, endMin: 630, status: 'ON', note: '', customerPhone: g.phone, created_at: new Date(), updated_at: new Date(),
    } as never);
    const res = await w.as(g.verified).get(`/api/public_getAppointmentsByCustomerPhoneNumber/${g.phone}`).expect(200);
    const ids = res.body.stores.map((list: { id: number; storeId: number }[]) => list.map((a) => a.id));
    expect(ids).toEqual(expect.arrayContaining([[g.id], [9_900_001]]));
    expect(res.body.stores.find((l: { storeId: number }[]) => l[0].storeId === w.otherStore.id)[0]).toMatchObject({ storeName: 'other place', userFname: null, staffId: 8888 });
  });

  it("when a verified customer names another phone, then they get only their own account's requests, nothing of that phone", async () => {
    const g = await guestWithRequest({ start: '02:00 pm', end: '02:45 pm' });
    const other = await guestWithRequest({ start: '02:45 pm', end: '03:30 pm', staffId: w.staffIds.admin });
    const res = await w.as(g.verified).get(`/api/public_getAppointmentsByCustomerPhoneNumber/${other.phone}`).expect(200);
    expect(res.body.stores.flat().map((a: { id: number }) => a.id)).toEqual([g.id]);
  });

  it('when the owner reads one of their appointments by id, then it comes; anyone else (another customer, store staff) gets 404 alike for it and for a missing id', async () => {
    const g = await guestWithRequest({ start: '03:00 pm', end: '03:45 pm' });
    const own = await w.as(g.unverified).get(`/api/public_getAppointmentById/${g.id}`).expect(200);
    expect(own.body.appointments[0]).toMatchObject({ id: g.id, status: 'PENDING', start: '03:00 pm' });
    const intruder = await guestWithRequest({ start: '04:00 pm', end: '04:45 pm' });
    for (const token of [intruder.verified, w.tokens.owner!, w.tokens.customer!]) {
      const res = await w.as(token).get(`/api/public_getAppointmentById/${g.id}`).expect(404);
      expect(res.body).toMatchObject({ code: 'notFound', message: MESSAGES.appointmentNotFound });
    }
    expect((await w.as(intruder.verified).get('/api/public_getAppointmentById/999999999').expect(404)).body.message).toBe(MESSAGES.appointmentNotFound);
    // guessing ids around one's own finds nothing of anyone else
    for (let id = intruder.id - 3; id <= intruder.id + 3; id++) {
      if (id !== intruder.id) expect((await w.as(intruder.verified).get(`/api/public_getAppointmentById/${id}`)).status).toBe(404);
    }
  });

  it('when no token is sent, then every customer call is refused with no data', async () => {
    const g = await guestWithRequest({ start: '05:00 pm', end: '05:45 pm' });
    for (const res of [
      await w.as(null).get(`/api/public_getAppointmentsByCustomerPhoneNumber/${g.phone}`),
      await w.as(null).get(`/api/public_getAppointmentById/${g.id}`),
      await w.as(null).get(`/api/cancelOnlineAppointment/${g.id}`),
      await w.as(null).post('/api/public_updateAppointmentOnline', { id: g.id, staffId: 8888, serviceIds: `${gel}`, date, start: '05:00 pm', end: '05:45 pm' }),
    ]) {
      expect([401, 403]).toContain(res.status);
      expect(res.body).not.toHaveProperty('appointments');
      expect(res.body).not.toHaveProperty('appointment');
    }
    expect(await statusOf(g.id)).toBe('PENDING');
  });

  it.each([
    ['phone', () => '/api/public_getAppointmentsByCustomerPhoneNumber/abc'],
    ['id', () => '/api/public_getAppointmentById/x'],
    ['id', () => '/api/cancelOnlineAppointment/abc'],
  ])('when a read has a bad %s, then it answers 400 naming it', async (field, url) => {
    expect((await w.as('customer').get(url()).expect(400)).body.field).toBe(field);
  });
});

describe('modify and cancel (docs/product/statuses.md)', () => {
  const modifyBody = (id: number, over: object = {}) => ({ id, staffId: w.staffIds.admin, serviceIds: `${gel},${polish}`, date: nextDate, start: '10:00 am', end: '11:00 am', status: 'MODIFYING', ...over });

  it('when the customer modifies a request, then it moves at once as MODIFYING with the new services, and the old time is free for others', async () => {
    const g = await guestWithRequest({ date: nextDate, start: '03:00 pm', end: '03:45 pm' });
    const res = await w.as(g.unverified).post('/api/public_updateAppointmentOnline', modifyBody(g.id)).expect(200);
    expect(res.body.appointment).toMatchObject({ id: g.id, status: 'MODIFYING', staffId: w.staffIds.admin, date: nextDate, start: '10:00 am', end: '11:00 am', serviceIds: `${gel},${polish}` });
    expect(res.body.appointment.services.map((s: { name: string }) => s.name)).toEqual(['Gel Manicure', 'Polish']);
    expect((await guestBook('03:00 pm', '03:45 pm', w.staffIds.staff, nextDate)).status).toBe(201);
    expect((await guestBook('10:00 am', '10:45 am', w.staffIds.admin, nextDate)).status).toBe(409);
  });

  it('when the new time is taken, then it answers 409 slotTaken and the request keeps its old time', async () => {
    const g = await guestWithRequest({ date: nextDate, start: '04:00 pm', end: '04:45 pm' });
    const res = await w.as(g.unverified).post('/api/public_updateAppointmentOnline', modifyBody(g.id)).expect(409);
    expect(res.body).toMatchObject({ code: 'slotTaken', message: MESSAGES.slotTaken, field: 'start' });
    expect((await w.as(g.unverified).get(`/api/public_getAppointmentById/${g.id}`).expect(200)).body.appointments[0]).toMatchObject({ status: 'PENDING', start: '04:00 pm' });
    expect((await guestBook('04:00 pm', '04:45 pm', w.staffIds.staff, nextDate)).status).toBe(409);
  });

  it("when another customer or store staff try to modify or cancel someone's request, then it answers 404 and nothing changes", async () => {
    const g = await guestWithRequest({ date: nextDate, start: '11:00 am', end: '11:45 am' });
    const intruder = await guestWithRequest({ date: nextDate, start: '12:00 pm', end: '12:45 pm' });
    for (const token of [intruder.verified, w.tokens.owner!]) {
      await w.as(token).post('/api/public_updateAppointmentOnline', modifyBody(g.id, { start: '01:00 pm', end: '02:00 pm' })).expect(404);
      await w.as(token).get(`/api/cancelOnlineAppointment/${g.id}`).expect(404);
    }
    expect(await statusOf(g.id)).toBe('PENDING');
  });

  it.each([
    ['id', { id: undefined }, '01:00 pm'],
    ['serviceIds', { serviceIds: '' }, '01:15 pm'],
    ['date', { date: '2026-13-40' }, '01:30 pm'],
    ['start', { start: 'noon' }, '01:45 pm'],
    ['status', { status: 'CANCEL' }, '02:00 pm'],
  ])('when a modify has a bad %s, then it answers 400 naming it and changes nothing', async (field, over, start) => {
    const g = await guestWithRequest({ staffId: w.staffIds.superadmin, date, start, end: start });
    const res = await w.as(g.unverified).post('/api/public_updateAppointmentOnline', modifyBody(g.id, over)).expect(400);
    expect(res.body.field).toBe(field);
    expect(await statusOf(g.id)).toBe('PENDING');
    await w.as(g.unverified).get(`/api/cancelOnlineAppointment/${g.id}`).expect(200);
  });

  describe("a store's suggested time (docs/decisions.md)", () => {
    const suggestTo = async (id: number, start: string) =>
      (await w.as('owner').post(`/api/suggestAppointmentTime/${id}`, { date: nextDate, start }).expect(200)).body.appointment as { staffId: number; start: string; end: string };
    const accept = (token: string, id: number, at: { staffId: number; start: string; end: string }) =>
      w.as(token).post('/api/public_updateAppointmentOnline', { id, staffId: at.staffId, serviceIds: `${gel}`, date: nextDate, start: at.start, end: at.end, status: 'APPROVED' });

    it('when the customer accepts the time the store suggested, then the request is APPROVED at that time and stays held', async () => {
      const g = await guestWithRequest({ staffId: w.staffIds.superadmin, date: nextDate, start: '12:00 pm', end: '12:45 pm' });
      const suggested = await suggestTo(g.id, '01:00 pm');
      const res = await accept(g.unverified, g.id, suggested).expect(200);
      expect(res.body.appointment).toMatchObject({ id: g.id, status: 'APPROVED', start: '01:00 pm', end: '01:45 pm' });
      expect(res.body.appointment.suggested).toBeUndefined();
      expect((await guestBook('01:00 pm', '01:45 pm', suggested.staffId, nextDate)).status).toBe(409);
    });

    it('when the store has suggested another time since the customer looked, then accepting the old one answers 409 and changes nothing', async () => {
      const g = await guestWithRequest({ staffId: w.staffIds.superadmin, date: nextDate, start: '10:00 am', end: '10:45 am' });
      const first = await suggestTo(g.id, '10:15 am');
      await suggestTo(g.id, '10:30 am');
      const res = await accept(g.unverified, g.id, first).expect(409);
      expect(res.body).toMatchObject({ code: 'suggestionChanged', message: MESSAGES.suggestionChanged, field: 'status' });
      expect(await statusOf(g.id)).toBe('MODIFYING');
    });

    it('when a request has no suggestion, then APPROVED is refused and the customer cannot approve it themselves', async () => {
      const g = await guestWithRequest({ staffId: w.staffIds.superadmin, date: nextDate, start: '05:00 pm', end: '05:45 pm' });
      const res = await accept(g.unverified, g.id, { staffId: w.staffIds.superadmin, start: '05:00 pm', end: '05:45 pm' }).expect(409);
      expect(res.body.code).toBe('suggestionChanged');
      expect(await statusOf(g.id)).toBe('PENDING');
      await w.as(g.unverified).get(`/api/cancelOnlineAppointment/${g.id}`).expect(200);
    });

    it('when the customer accepts while the store suggests again at the same moment, then the request ends accepted at the old time or suggested at the new one, never a mix', async () => {
      const g = await guestWithRequest({ staffId: w.staffIds.superadmin, date: nextDate, start: '04:00 pm', end: '04:45 pm' });
      const first = await suggestTo(g.id, '04:15 pm');
      const [accepted, again] = await Promise.all([accept(g.unverified, g.id, first), w.as('owner').post(`/api/suggestAppointmentTime/${g.id}`, { date: nextDate, start: '04:30 pm' })]);
      const doc = (await w.svc.db.collection('appointments').findOne({ _id: g.id } as never))!;
      const state = `${doc.status} ${doc.start}`;
      expect(['APPROVED 04:15 pm', 'MODIFYING 04:30 pm']).toContain(state);
      expect(state === 'APPROVED 04:15 pm' ? accepted.status : again.status).toBe(200);
    });
  });

  it('when the customer cancels a request the store has not answered, then it is cancelled outright and its time is free', async () => {
    const g = await guestWithRequest({ date: nextDate, start: '05:00 pm', end: '05:45 pm' });
    const res = await w.as(g.unverified).get(`/api/cancelOnlineAppointment/${g.id}`).expect(200);
    expect(res.body.appointment).toMatchObject({ id: g.id, status: 'CANCEL' });
    expect((await guestBook('05:00 pm', '05:45 pm', w.staffIds.staff, nextDate)).status).toBe(201);
    const again = await w.as(g.unverified).get(`/api/cancelOnlineAppointment/${g.id}`).expect(409);
    expect(again.body).toMatchObject({ code: 'notChangeableOnline', message: MESSAGES.notChangeableOnline });
  });

  it('when the customer cancels while the store approves at the same moment, then an approve that answered leaves REQUEST CANCEL, never an outright cancel, every time', async () => {
    const second = await w.anotherInstance();
    try {
      for (let i = 0; i < 12; i++) {
        const g = await guestWithRequest({ staffId: w.staffIds.admin, date: nextDate, start: `0${1 + (i % 4)}:00 pm`, end: `0${1 + (i % 4)}:45 pm` });
        const [cancel, approve] = await Promise.all([
          delay(i * 3).then(() => w.as(g.verified).get(`/api/cancelOnlineAppointment/${g.id}`)),
          supertest(second.app).get(`/api/approveAppointment/${g.id}/${g.phone}`).set('authorization', `Bearer ${w.tokens.owner}`),
        ]);
        expect(cancel.status).toBe(200);
        expect([i, approve.status, await statusOf(g.id)]).toEqual([i, approve.status, approve.status === 200 ? 'REQUEST CANCEL' : 'CANCEL']);
        await w.as('owner').get(`/api/cancelAppointment/${g.id}`);
      }
    } finally {
      await second.stop();
    }
  });

  it('when the customer cancels an approved appointment, then it becomes REQUEST CANCEL and the time is free at once; the store may accept the cancellation', async () => {
    const g = await guestWithRequest({ staffId: w.staffIds.limited, date: nextDate, start: '02:00 pm', end: '02:45 pm' });
    await w.as('owner').get(`/api/approveAppointment/${g.id}/${g.phone}`).expect(200);
    const res = await w.as(g.verified).get(`/api/cancelOnlineAppointment/${g.id}`).expect(200);
    expect(res.body.appointment).toMatchObject({ status: 'REQUEST CANCEL' });
    expect((await guestBook('02:00 pm', '02:45 pm', w.staffIds.limited, nextDate)).status).toBe(201);
    await w.as('owner').get(`/api/cancelAppointment/${g.id}`).expect(200);
    expect(await statusOf(g.id)).toBe('CANCEL');
    expect(await count(w, 'logs', { appointmentId: g.id, text: 'Cancellation requested by the customer' })).toBe(1);
  });
});

describe("the store hears the customer's changes (calendar, bell, requests list)", () => {
  it("when the customer modifies and then cancels a request, then the calendar's channel and the bell's hear each change", async () => {
    const calendar = collect<{ id: number; status: string; start: string }>(w.svc.bus.connection, subjectOf('appointment', w.store.id, 'updated'));
    const bell = collect<{ id: number; status: string; previousStatus: string | null }>(w.svc.bus.connection, subjectOf('online-request', w.store.id, 'changed'));
    try {
      const g = await guestWithRequest({ staffId: w.staffIds.admin, date: nextDate, start: '12:00 pm', end: '12:45 pm' });
      await w.as(g.unverified)
        .post('/api/public_updateAppointmentOnline', { id: g.id, staffId: w.staffIds.admin, serviceIds: `${gel}`, date: nextDate, start: '01:00 pm', end: '01:45 pm', status: 'MODIFYING' })
        .expect(200);
      await calendar.waitFor((d) => d.id === g.id && d.status === 'MODIFYING' && d.start === '01:00 pm');
      await bell.waitFor((d) => d.id === g.id && d.status === 'MODIFYING' && d.previousStatus === 'PENDING');
      await w.as(g.unverified).get(`/api/cancelOnlineAppointment/${g.id}`).expect(200);
      await calendar.waitFor((d) => d.id === g.id && d.status === 'CANCEL');
      await bell.waitFor((d) => d.id === g.id && d.status === 'CANCEL' && d.previousStatus === 'MODIFYING');
    } finally {
      calendar.stop();
      bell.stop();
    }
  });

  it("when the store keeps an appointment whose cancellation the customer asked for (ruling 7), then it is APPROVED and holds its time again, after naming a booking made there meanwhile", async () => {
    const g = await guestWithRequest({ staffId: w.staffIds.limited, date: nextDate, start: '11:00 am', end: '11:45 am' });
    await w.as('owner').get(`/api/approveAppointment/${g.id}/${g.phone}`).expect(200);
    await w.as(g.verified).get(`/api/cancelOnlineAppointment/${g.id}`).expect(200);
    expect(await statusOf(g.id)).toBe('REQUEST CANCEL');
    // The freed time is booked by the front desk meanwhile: keeping the appointment names that overlap first.
    const desk = await w.as('owner')
      .post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.limited, customerId: 41, serviceIds: `${gel}`, date: nextDate, start: '11:00 am', end: '11:45 am' })
      .expect(201);
    const refused = await w.as('owner').get(`/api/approveAppointment/${g.id}/${g.phone}`).expect(409);
    expect(refused.body.code).toBe('wouldOverlap');
    expect(refused.body.message).toContain(`appointment ${desk.body.appointment.id}`);
    expect(await statusOf(g.id)).toBe('REQUEST CANCEL');
    await w.as('owner').get(`/api/approveAppointment/${g.id}/${g.phone}?overlaps=accept`).expect(200);
    expect(await statusOf(g.id)).toBe('APPROVED');
    // Its time is held again: an online request for it is refused.
    expect((await guestBook('11:00 am', '11:45 am', w.staffIds.limited, nextDate)).status).toBe(409);
  });
});

describe("what an online request's email tells (internal, for messaging)", () => {
  const notice = (id: number, token: string | null = w.svc.config.INTERNAL_TOKEN) => {
    const r = w.svc.http().get(`/internal/online-requests/${id}/notice`);
    return token ? r.set(INTERNAL_TOKEN_HEADER, token) : r;
  };

  it("when messaging asks about a request, then it learns the account, the store's name, zone and business email, the services and who cancelled", async () => {
    const g = await guestWithRequest({ staffId: w.staffIds.superadmin, date, start: '04:00 pm', end: '04:45 pm' });
    expect((await notice(g.id).expect(200)).body.notice).toEqual({
      id: g.id, accountId: g.userId, storeName: w.store.name, permalink: w.store.permalink, timezone: 'America/New_York',
      services: ['Gel Manicure'], staffName: 'superadmin', cancelledByCustomer: false, suggested: false, storeEmail: w.store.email,
      // what the mail repeats of the booking and its calendar file (.ics) needs
      serviceDetails: [{ name: 'Gel Manicure', duration: 45, price: 35 }], storeAddress: '1 main st, philadelphia, PA 19103',
    });
    await w.as(g.unverified).get(`/api/cancelOnlineAppointment/${g.id}`).expect(200);
    expect((await notice(g.id).expect(200)).body.notice).toMatchObject({ cancelledByCustomer: true });
  });

  it('when the appointment is a staff booking or missing, then there is no notice; without the internal token, nothing', async () => {
    const booked = await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.admin, customerId: 41, serviceIds: `${gel}`, date: nextDate, start: '05:00 pm', end: '05:45 pm' }).expect(201);
    expect((await notice(booked.body.appointment.id).expect(200)).body).toEqual({ notice: null });
    expect((await notice(987_654_321).expect(200)).body).toEqual({ notice: null });
    expect((await notice(booked.body.appointment.id, null)).status).toBe(401);
  });
});

describe("the customer's favourite (book with favourite, ruling 5)", () => {
  it('when a staff member takes no online requests but is the customer\'s favourite with book-with-favourite on, then that customer alone is offered them and may book them', async () => {
    await w.as('owner').post(`/api/updateEmployeeOnlineBooking/${w.staffIds.limited}`, { online_booking: 'OFF' }).expect(200);
    const customerId = ++nextCustomer;
    const g = w.guest(w.store.id, [customerId]);
    await w.svc.bus.publishDurably(w.svc.bus.event('customer.updated', w.store.id, {
      customerId, storeId: w.store.id, fname: 'fav', lname: 'fan', phone: g.phone, email: null, status: '',
      fav_staffId: w.staffIds.limited, book_with_fav_staff: 1, visited: 0, color: null, updated_at: new Date().toISOString(),
    }));
    const url = `/api/availability/${w.store.id}/${date}?serviceIds=${gel}&staffId=${w.staffIds.limited}&customerId=${customerId}`;
    const freeOf = (res: { body: { slots: { free: boolean }[] } }) => res.body.slots.filter((s) => s.free).length;
    await eventually(async () => expect(freeOf(await w.as(w.svc.keys.user(g.userId, 'customer', g.phone)).get(url).expect(200))).toBeGreaterThan(0));
    expect(freeOf(await w.as(null).get(url).expect(200))).toBe(0);
    expect(freeOf(await w.as('customer').get(url).expect(200))).toBe(0);
    const mine = await w.as(null).post('/api/public_bookAppointmentOnline', { storeId: w.store.id, staffId: w.staffIds.limited, customerId, serviceIds: `${gel}`, date, start: '11:00 am', end: '11:45 am', userId: g.userId });
    expect(mine.status).toBe(201);
    expect((await guestBook('12:00 pm', '12:45 pm', w.staffIds.limited)).status).toBe(409);
  });
});

describe("the customer's own realtime channel", () => {
  it("when a request is made, approved, given a new time or declined, then its event names the customer's phone, so customer:<phone>:online-request refetches", async () => {
    const events = collect<{ id: number; status: string; customerPhone?: string }>(w.svc.bus.connection, 'evt.>');
    try {
      const g = await guestWithRequest({ staffId: w.staffIds.superadmin, date: nextDate, start: '03:00 pm', end: '03:45 pm' });
      await events.waitFor((d) => d.id === g.id && d.status === 'PENDING' && d.customerPhone === g.phone);
      await w.as('owner').get(`/api/approveAppointment/${g.id}/${g.phone}`).expect(200);
      await events.waitFor((d) => d.id === g.id && d.status === 'APPROVED' && d.customerPhone === g.phone);
      // a suggested time and a decline reach the customer's page the same way
      const other = await guestWithRequest({ staffId: w.staffIds.admin, date, start: '04:30 pm', end: '05:15 pm' });
      await w.as('owner').post(`/api/suggestAppointmentTime/${other.id}`, { date, start: '05:00 pm' }).expect(200);
      await events.waitFor((d) => d.id === other.id && d.status === 'MODIFYING' && d.customerPhone === other.phone);
      await w.as('owner').get(`/api/cancelAppointment/${other.id}`).expect(200);
      await events.waitFor((d) => d.id === other.id && d.status === 'CANCEL' && d.customerPhone === other.phone);
    } finally {
      events.stop();
    }
  });
});
