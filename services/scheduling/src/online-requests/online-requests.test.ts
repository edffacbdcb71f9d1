import { DateTime } from 'luxon';
import { MESSAGES } from '@turnbook/contracts';
import { absoluteQuarter, storeDay } from '@turnbook/domain';
import type { BuiltService } from '@turnbook/service-kit';
import { withCustomerEventDuringCopyRead } from '../test/events';
import { openDaysAhead } from '../test/days';
import { instanceFor } from '../test/instances';
import { count, range, startWorldWithGel, type World } from '../test/world';

const STAFF_COLLECTION = 'employees';
let w: World;
let second: BuiltService;
let third: BuiltService;
let gel: number;
let internal: number;
/** A Monday or Tuesday (the test store's open days, 10 am to 6 pm) a few days ahead, inside the online window. */
let date: string;
let nextDate: string;
/** The visitor booking online: a fresh guest account whose phone the store's customers below share. */
let visitor: { userId: number; phone: string };
beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
  // Two more instances on the same database, as behind the gateway with three instances.
  second = await w.anotherInstance();
  third = await w.anotherInstance();
  internal = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Staff only', duration: 30, icon: '1', type: 'INTERNAL' }).expect(201)).body.service.id;
  [date, nextDate] = openDaysAhead();
  visitor = w.guest(w.store.id, [501, ...range(600, 50), ...range(700, 12), 801, 802, 803, 804]);
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await third?.stop();
  await w?.stop();
});

const onlineBody = (over: object = {}) => ({
  storeId: w.store.id, staffId: w.staffIds.staff, customerId: 501, serviceIds: `${gel}`, date,
  start: '10:00 am', end: '10:45 am', note: 'please', createdBy: 0, modifiedBy: 0, userId: visitor.userId, ...over,
});
/** Spreads requests over the three instances. */
const post = (i: number, body: object) => instanceFor(w, [second, third], i).post('/api/public_bookAppointmentOnline').send(body);
const staffBooking = (over: object = {}) => ({
  storeId: w.store.id, staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel}`, date, start: '10:00 am', end: '10:45 am', ...over,
});
const claimsOf = (holdKey: string) => w.svc.db.collection('appointment_claims').find({ holder: holdKey }).toArray();
const holdKeyOf = async (id: number) => (await w.svc.db.collection('appointments').findOne({ _id: id } as never))!.holdKey as string;

describe('online requests and claims', () => {
  it('when 50 online requests for one staff member\'s slot arrive at once on three instances, then exactly one is accepted and the rest answer 409', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i, onlineBody({ customerId: 600 + i }))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'slotTaken', message: 'Sorry, this time was just taken. Please choose another time.' });
    const won = answers.find((r) => r.status === 201)!.body.appointment;
    expect(won).toMatchObject({ status: 'PENDING', staffId: w.staffIds.staff, start: '10:00 am', end: '10:45 am', storeName: w.store.name, userFname: 'staff' });
    expect(await count(w, 'appointments', { storeId: w.store.id, date, staffId: w.staffIds.staff, startMin: 600 })).toBe(1);
    expect((await claimsOf(await holdKeyOf(won.id))).map((c) => c.step).sort((a, b) => a - b)).toEqual([40, 41, 42]);
  });

  it("when 'anyone' requests for one time arrive at once, then each accepted one holds a different free staff member, as many as are free", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i, onlineBody({ staffId: 8888, customerId: 700 + i, start: '01:00 pm', end: '01:45 pm' }))));
    const accepted = answers.filter((r) => r.status === 201).map((r) => r.body.appointment);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const docs = await w.svc.db.collection('appointments').find({ _id: { $in: accepted.map((a) => a.id) } } as never).toArray();
    const held = docs.map((d) => d.claimStaffId);
    expect(docs.every((d) => d.staffId === 8888)).toBe(true);
    expect(new Set(held).size).toBe(held.length);
    // every staff member taking online requests is free at 1 pm: each takes exactly one
    const staffCount = await count(w, STAFF_COLLECTION, { storeId: w.store.id, archived: false, online_booking: 'ON' });
    expect(staffCount).toBeGreaterThanOrEqual(4);
    expect(accepted.length).toBe(staffCount);
  });

  it('when an overbooked step loses one of its two staff bookings, then it stays held and online requests are refused until the other goes too', async () => {
    const a = (await w.as('owner').post('/api/appointment', staffBooking({ start: '03:00 pm', end: '03:45 pm' })).expect(201)).body.appointment;
    const b = (await w.as('owner').post('/api/appointment', staffBooking({ start: '03:00 pm', end: '03:45 pm', customerId: 42 })).expect(201)).body;
    expect(b.overlaps.map((o: { appointmentId: number }) => o.appointmentId)).toEqual([a.id]);
    await w.as('owner').get(`/api/cancelAppointment/${a.id}`).expect(200);
    // the steps passed to the other appointment still covering them
    expect(await claimsOf(await holdKeyOf(a.id))).toEqual([]);
    expect(await claimsOf(await holdKeyOf(b.appointment.id))).toHaveLength(3);
    expect((await post(0, onlineBody({ start: '03:00 pm', end: '03:45 pm' }))).status).toBe(409);
    await w.as('owner').get(`/api/cancelAppointment/${b.appointment.id}`).expect(200);
    expect((await post(1, onlineBody({ start: '03:00 pm', end: '03:45 pm' }))).status).toBe(201);
  });

  it('when a staff booking moves away from a time, then that time opens online; a day off closes it', async () => {
    const a = (await w.as('owner').post('/api/appointment', staffBooking({ date: nextDate, start: '11:00 am', end: '11:45 am' })).expect(201)).body.appointment;
    expect((await post(0, onlineBody({ date: nextDate, start: '11:00 am', end: '11:45 am' }))).status).toBe(409);
    await w.as('owner').patch(`/api/appointment/${a.id}`, { start: '04:00 pm' }).expect(200);
    expect((await post(1, onlineBody({ date: nextDate, start: '11:00 am', end: '11:45 am' }))).status).toBe(201);
    await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.staff, customerId: 0, serviceIds: '0', date: nextDate, start: '01:00 pm', end: '02:00 pm' }).expect(201);
    expect((await post(0, onlineBody({ date: nextDate, start: '01:00 pm', end: '01:45 pm' }))).status).toBe(409);
  });

  it('when claims were left by a request that never wrote its appointment, then they hold the time a minute, then give way', async () => {
    const claims = w.svc.db.collection('appointment_claims');
    // claims are per person (the admin's user account) and absolute quarter (docs/product/availability.md)
    const day = storeDay('America/New_York', nextDate, null);
    const ghost = (holder: string, at: Date) =>
      [44, 45, 46].map((step) => ({ who: `u:${w.ids.admin}`, q: absoluteQuarter(day, step), staffId: w.staffIds.admin, date: nextDate, step, storeId: w.store.id, holder, at }));
    await claims.insertMany(ghost('fresh-ghost', new Date()) as never);
    expect((await post(0, onlineBody({ staffId: w.staffIds.admin, date: nextDate, start: '11:00 am', end: '11:45 am' }))).status).toBe(409);
    await claims.deleteMany({ holder: 'fresh-ghost' });
    await claims.insertMany(ghost('old-ghost', new Date(Date.now() - 120_000)) as never);
    expect((await post(1, onlineBody({ staffId: w.staffIds.admin, date: nextDate, start: '11:00 am', end: '11:45 am' }))).status).toBe(201);
    expect(await claims.countDocuments({ holder: 'old-ghost' })).toBe(0);
  });

  it.each([
    ['serviceIds', () => ({ serviceIds: `${internal}` })],
    ['staffId', () => ({ staffId: 123456789 })],
    ['start', () => ({ start: '10:10 am' })],
    ['date', () => ({ date: '' })],
    ['customerId', () => ({ customerId: 0 })],
  ])('when an online request has a bad %s, then it answers 400 naming it and writes nothing', async (field, over) => {
    const before = await count(w, 'appointments');
    const res = await post(0, onlineBody(over())).expect(400);
    expect(res.body.field).toBe(field);
    expect(await count(w, 'appointments')).toBe(before);
  });

  it('when a time is outside the hours or the store is closed that day, then it answers 409 and writes nothing', async () => {
    expect((await post(0, onlineBody({ start: '08:00 am', end: '08:45 am' }))).status).toBe(409);
    expect((await post(0, onlineBody({ start: '05:30 pm', end: '06:15 pm' }))).status).toBe(409);
  });
});

describe("a request is tied to the account it is made from", () => {
  const accountOf = async (id: number) => (await w.svc.db.collection('appointments').findOne({ _id: id } as never))!.accountId;
  const at = (start: string, end: string) => ({ staffId: 8888, date: nextDate, start, end });

  it('when a guest books with the account registered in the same flow, then the request records that account', async () => {
    const guest = w.guest();
    const res = await post(0, onlineBody({ ...at('11:00 am', '11:45 am'), customerId: guest.customerId, userId: guest.userId })).expect(201);
    expect(await accountOf(res.body.appointment.id)).toBe(guest.userId);
  });

  it("when a signed-in customer books naming someone else's account, then the request records the signed-in account", async () => {
    const mine = 9_100_000 + Math.floor(Math.random() * 1000);
    w.customers.add({ id: mine, storeId: w.store.id, phone: '2155550100' });
    const res = await w.as('customer').post('/api/public_bookAppointmentOnline', onlineBody({ ...at('11:15 am', '12:00 pm'), customerId: mine, userId: visitor.userId })).expect(201);
    expect(await accountOf(res.body.appointment.id)).toBe(w.ids.customer);
  });

  it.each([
    ['no account', () => ({ userId: undefined })],
    ['an unknown account', () => ({ userId: 987654321 })],
    ['a verified account (it signs in instead)', () => ({ userId: w.ids.customer })],
    ['an account registered over an hour ago', () => {
      const old = w.guest();
      w.identity.addUser({ ...[...w.identity.users.values()].find((u) => u.id === old.userId)!, createdAt: new Date(Date.now() - 61 * 60_000).toISOString() });
      return { userId: old.userId, customerId: old.customerId };
    }],
  ])('when a request without a token names %s, then 400 naming userId and nothing is written', async (_, over) => {
    const before = await count(w, 'appointments');
    const res = await post(0, onlineBody({ ...at('12:00 pm', '12:45 pm'), ...over() })).expect(400);
    expect(res.body).toMatchObject({ field: 'userId', message: MESSAGES.accountRequired });
    expect(await count(w, 'appointments')).toBe(before);
  });

  it("when the customer is not the account's phone, or of another store, or unknown, then 400 naming customerId and nothing is written", async () => {
    const stranger = w.guest();
    const elsewhere = w.guest(w.otherStore.id);
    const before = await count(w, 'appointments');
    const mismatch = await post(0, onlineBody({ ...at('12:00 pm', '12:45 pm'), customerId: stranger.customerId })).expect(400);
    expect(mismatch.body).toMatchObject({ field: 'customerId', message: MESSAGES.useYourAccountPhone });
    for (const customerId of [elsewhere.customerId, 123456789]) {
      expect((await post(0, onlineBody({ ...at('12:00 pm', '12:45 pm'), customerId })).expect(400)).body.field).toBe('customerId');
    }
    expect(await count(w, 'appointments')).toBe(before);
  });
});

describe('approving requests', () => {
  it('when a pending request is approved, then it is APPROVED, keeps its claims, and a second approval is refused', async () => {
    const req = (await post(0, onlineBody({ start: '02:00 pm', end: '02:45 pm', customerId: 801 })).expect(201)).body.appointment;
    const res = await w.as('staff').get(`/api/approveAppointment/${req.id}/null`).expect(200);
    expect(res.body.appointment).toMatchObject({ id: req.id, status: 'APPROVED', modifiedBy: w.ids.staff });
    expect(res.body.overlaps).toBeUndefined();
    expect(await claimsOf(await holdKeyOf(req.id))).toHaveLength(3);
    expect((await w.as('owner').get(`/api/approveAppointment/${req.id}/2155550101`).expect(409)).body.code).toBe('notARequest');
    await w.as('limited').get(`/api/approveAppointment/${req.id}/null`).expect(403);
    await w.as('none').get(`/api/approveAppointment/${req.id}/null`).expect(401);
  });

  it("when a staff booking was put over an 'anyone' request's staff member, then approving the request first names that overlap and approves only when it is accepted", async () => {
    const req = (await post(1, onlineBody({ staffId: 8888, date: nextDate, start: '04:00 pm', end: '04:45 pm', customerId: 802 })).expect(201)).body.appointment;
    const held = (await w.svc.db.collection('appointments').findOne({ _id: req.id } as never))!.claimStaffId as number;
    const booked = (await w.as('owner').post('/api/appointment', staffBooking({ staffId: held, date: nextDate, start: '04:15 pm', end: '05:00 pm' })).expect(201)).body;
    expect(booked.overlaps.map((o: { appointmentId: number }) => o.appointmentId)).toEqual([req.id]);
    const refused = await w.as('owner').get(`/api/approveAppointment/${req.id}/null`).expect(409);
    expect(refused.body).toMatchObject({ code: 'wouldOverlap', field: 'id' });
    expect(refused.body.message).toContain(`appointment ${booked.appointment.id} 04:15 pm - 05:00 pm`);
    const res = await w.as('owner').get(`/api/approveAppointment/${req.id}/null?overlaps=accept`).expect(200);
    expect(res.body.overlaps.map((o: { appointmentId: number }) => o.appointmentId)).toEqual([booked.appointment.id]);
    const [, log] = await w.svc.db.collection('logs').find({ appointmentId: req.id }).sort({ _id: 1 }).toArray();
    expect(log.text).toBe(`Appointment approved (overlaps appointment ${booked.appointment.id} 04:15 pm - 05:00 pm)`);
  });

  it('when a request is moved onto a staff column, then it becomes ON and holds that staff member\'s time', async () => {
    const req = (await post(0, onlineBody({ staffId: 8888, date: nextDate, start: '10:00 am', end: '10:45 am', customerId: 803 })).expect(201)).body.appointment;
    const res = await w.as('owner').patch(`/api/appointment/${req.id}`, { staffId: w.staffIds.superadmin }).expect(200);
    expect(res.body.appointment).toMatchObject({ staffId: w.staffIds.superadmin, status: 'ON' });
    const claims = await claimsOf(await holdKeyOf(req.id));
    expect(claims.map((c) => c.staffId)).toEqual([w.staffIds.superadmin, w.staffIds.superadmin, w.staffIds.superadmin]);
  });
});

describe('availability', () => {
  const slots = async (query: string, d = date) => (await w.svc.http().get(`/api/availability/${w.store.id}/${d}?${query}`).expect(200)).body;
  const staffSlots = async (query: string, d = date) => (await w.as('staff').get(`/api/staffAvailability/${w.store.id}/${d}?${query}`).expect(200)).body;

  it('when a staff member is booked, then online booking does not offer that time and staff booking marks it', async () => {
    const day = DateTime.fromISO(nextDate).plus({ weeks: 1 }).toISODate()!;
    await w.as('owner').post('/api/appointment', staffBooking({ date: day, start: '12:00 pm', end: '12:45 pm' })).expect(201);
    const online = await slots(`serviceIds=${gel}&staffId=${w.staffIds.staff}`, day);
    expect(online.duration).toBe(45);
    const starts = online.slots.map((s: { start: string }) => s.start);
    expect(starts[0]).toBe('10:00 am');
    expect(starts.at(-1)).toBe('05:15 pm');
    expect(starts).not.toContain('12:00 pm');
    expect(starts).not.toContain('11:30 am');
    expect(online.slots.every((s: { free: boolean; staffId: number }) => s.free && s.staffId === w.staffIds.staff)).toBe(true);
    const staff = await staffSlots(`serviceIds=${gel}&staffId=${w.staffIds.staff}`, day);
    expect(staff.slots.find((s: { start: string }) => s.start === '12:00 pm')).toMatchObject({ free: false, staffId: null, startMin: 720 });
    // anyone: someone else is free at noon
    const anyone = await slots(`serviceIds=${gel}`, day);
    const noon = anyone.slots.find((s: { start: string }) => s.start === '12:00 pm');
    expect(noon.free).toBe(true);
    expect(noon.staffId).not.toBe(w.staffIds.staff);
  });

  it('when the store is closed that day or the services are bad, then no slots or a 400 naming the field', async () => {
    let sunday = DateTime.fromISO(date);
    while (sunday.weekday !== 7) sunday = sunday.plus({ days: 1 });
    expect((await slots(`serviceIds=${gel}`, sunday.toISODate()!)).slots).toEqual([]);
    const bad = await w.svc.http().get(`/api/availability/${w.store.id}/${date}?serviceIds=${internal}`).expect(400);
    expect(bad.body.field).toBe('serviceIds');
  });

  it("when a request is for a closed day or runs past closing, then 409 says the store's hours (not that the time was taken) and nothing is written", async () => {
    let sunday = DateTime.fromISO(date);
    while (sunday.weekday !== 7) sunday = sunday.plus({ days: 1 });
    const closed = await post(0, onlineBody({ date: sunday.toISODate()!, customerId: 801 }));
    expect([closed.status, closed.body.code, closed.body.field, closed.body.message]).toEqual([409, 'outsideHours', 'date', `${MESSAGES.outsideHours}: closed on Sundays.`]);
    const late = await post(1, onlineBody({ date: nextDate, start: '05:30 pm', end: '06:15 pm', customerId: 802 }));
    expect([late.status, late.body.code, late.body.field]).toEqual([409, 'outsideHours', 'start']);
    expect(late.body.message).toMatch(/^This time is outside the store's hours: open 10:00 am-6:00 pm on (Mon|Tues)days\.$/);
    expect(await count(w, 'appointments', { storeId: w.store.id, date: sunday.toISODate()! })).toBe(0);
    expect(await count(w, 'appointments', { storeId: w.store.id, date: nextDate, startMin: 17 * 60 + 30 })).toBe(0);
  });

  it('when someone without a place in the store asks for staff availability, then it is refused and who is busy stays private', async () => {
    await w.svc.http().get(`/api/staffAvailability/${w.store.id}/${date}?serviceIds=${gel}`).expect(401);
    await w.as('other').get(`/api/staffAvailability/${w.store.id}/${date}?serviceIds=${gel}`).expect(403);
    const publicAnswer = await slots(`serviceIds=${gel}&mode=staff`);
    expect(publicAnswer.slots.every((s: { free: boolean }) => s.free)).toBe(true);
  });
});

describe('the online window (45 days in the store\'s zone, ruling 5)', () => {
  it("when a request is for an open day past the 45 days, then 400 names the date in the booking page's words, nothing is written, and no time is offered for it", async () => {
    let d = DateTime.now().setZone('America/New_York').startOf('day').plus({ days: 46 });
    while (d.weekday !== 1 && d.weekday !== 2) d = d.plus({ days: 1 });
    const late = d.toISODate()!;
    const res = await post(0, onlineBody({ date: late, customerId: 501 }));
    expect([res.status, res.body.field, res.body.message]).toEqual([400, 'date', MESSAGES.outsideOnlineWindow]);
    // the window is the date's refusal, whatever the time asked for (one running past closing too)
    const pastClosing = await post(1, onlineBody({ date: late, customerId: 501, start: '05:30 pm', end: '06:15 pm' }));
    expect([pastClosing.status, pastClosing.body.field, pastClosing.body.message]).toEqual([400, 'date', MESSAGES.outsideOnlineWindow]);
    expect(await count(w, 'appointments', { storeId: w.store.id, date: late })).toBe(0);
    const offered = await w.as(null).get(`/api/availability/${w.store.id}/${late}?serviceIds=${gel}`).expect(200);
    expect(offered.body.slots).toEqual([]);
  });
});

describe('a customer created in the same flow as their request', () => {
  it("when the customer's created event is applied while the request is written, then the request still carries their name for the store", async () => {
    // The booking modal creates the store's customer, then requests at once: the event lands between the
    // request's read of the copy (not heard of yet) and its insert, so its update of the customer's
    // appointments is over before the request exists.
    const deliver = () =>
      w.svc.bus.publishDurably(
        w.svc.bus.event('customer.created', w.store.id, {
          customerId: 804, storeId: w.store.id, fname: 'ivy', lname: 'park', phone: visitor.phone, email: 'ivy@example.com', status: '',
          fav_staffId: null, book_with_fav_staff: 0, visited: 0, color: null, updated_at: '2026-01-01T00:00:00.000Z',
        }),
      );
    const res = await withCustomerEventDuringCopyRead(804, deliver, () => post(0, onlineBody({ date: nextDate, start: '05:00 pm', end: '05:45 pm', customerId: 804 })).expect(201));
    // Stored, not only answered: no later event of this customer will come to fill it in.
    const stored = await w.svc.db.collection('appointments').findOne({ _id: res.body.appointment.id } as never);
    expect(stored).toMatchObject({ customerFname: 'ivy', customerLname: 'park', customerPhone: visitor.phone, status: 'PENDING' });
  });
});

