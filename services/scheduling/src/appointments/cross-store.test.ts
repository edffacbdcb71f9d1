import { DateTime } from 'luxon';
import type { Model } from 'mongoose';
import type { BuiltService } from '@turnbook/service-kit';
import type { AppointmentDoc } from './model';
import { AppointmentClaims, PER_PERSON_SHAPE } from './claims';
import { openDaysAhead } from '../test/days';
import { instanceFor } from '../test/instances';
import { range, startWorldWithGel, type World } from '../test/world';

/**
 * A staff member who works at two stores (the world's plain staff user, with a staff record at each) is one
 * person: never booked online at both at once (docs/product/availability.md, "Staff at several stores").
 * Store A is the world's store (New York); store B is the same owner's second store, in Chicago (an hour
 * behind), both open Mondays and Tuesdays 10 am to 6 pm.
 */
let w: World;
let second: BuiltService;
let storeB: { id: number; [k: string]: unknown };
let gelA: number;
let gelB: number;
/** The staff user's record at each store. */
let staffA: number;
let staffB: number;
let date: string;
let nextDate: string;
let guestA: { userId: number };
let guestB: { userId: number };

beforeAll(async () => {
  ({ w, gel: gelA } = await startWorldWithGel());
  second = await w.anotherInstance();
  storeB = await w.createStore('owner', { name: 'Second Studio', timezone: 'America/Chicago' });
  // store B's customers (a booking names a customer of its own store)
  for (const id of [4201, 4401]) w.customers.add({ id, storeId: storeB.id, phone: '' });
  gelB = await w.addGel(storeB.id);
  staffA = w.staffIds.staff;
  staffB = (await w.joinByInvitation('owner', storeB.id, `staff-${w.ids.staff}@example.com`, w.tokens.staff!)).id;
  [date, nextDate] = openDaysAhead(); // Mondays or Tuesdays: open at both stores
  guestA = w.guest(w.store.id, [1001, ...range(1100, 20)]);
  guestB = w.guest(storeB.id, [2001, ...range(2100, 20)]);
}, 90_000);
afterAll(async () => {
  await second?.stop();
  await w?.stop();
});

const atA = (over: object = {}) => ({ storeId: w.store.id, staffId: staffA, customerId: 1001, serviceIds: `${gelA}`, date, start: '11:00 am', end: '11:45 am', createdBy: 0, modifiedBy: 0, userId: guestA.userId, ...over });
const atB = (over: object = {}) => ({ storeId: storeB.id, staffId: staffB, customerId: 2001, serviceIds: `${gelB}`, date, start: '10:00 am', end: '10:45 am', createdBy: 0, modifiedBy: 0, userId: guestB.userId, ...over });
/** Online requests, spread over two instances as behind the gateway. */
const online = (i: number, body: object) => instanceFor(w, [second], i).post('/api/public_bookAppointmentOnline').send(body);
const staffBook = (body: object) => w.as('owner').post('/api/appointment', body);
/** Store B's online answer for its staff record: is this start free? */
async function freeAtB(start: string, day = date): Promise<boolean | undefined> {
  const res = await w.as(null).get(`/api/availability/${storeB.id}/${day}?serviceIds=${gelB}&staffId=${staffB}`).expect(200);
  return (res.body.slots as Array<{ start: string; free: boolean }>).find((s) => s.start === start)?.free ?? false;
}

describe('a staff member who works at two stores', () => {
  it('when they are booked 11:00 at store A (New York), then store B (Chicago) no longer offers them online at its 10:00, and offers them an hour later', async () => {
    expect(await freeAtB('10:00 am')).toBe(true);
    const a = (await staffBook(atA({ customerId: 41 })).expect(201)).body.appointment;
    expect(await freeAtB('10:00 am')).toBe(false);
    expect(await freeAtB('10:45 am')).toBe(true);
    // staff booking at B still offers the time, marked as a conflict
    const staffView = await w.as('owner').get(`/api/staffAvailability/${storeB.id}/${date}?serviceIds=${gelB}&staffId=${staffB}`).expect(200);
    expect(staffView.body.slots.find((s: { start: string }) => s.start === '10:00 am')).toMatchObject({ free: false });
    await w.as('owner').get(`/api/cancelAppointment/${a.id}`).expect(200);
    expect(await freeAtB('10:00 am')).toBe(true);
  });

  it('when an online request names them at store B over their appointment at store A, then it is refused as a taken time', async () => {
    await staffBook(atA({ customerId: 41, start: '01:00 pm', end: '01:45 pm' })).expect(201);
    const res = await online(0, atB({ start: '12:00 pm', end: '12:45 pm' }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('slotTaken');
  });

  it('when staff book them at store B over their appointment at store A, then it is allowed and the answer and the log name the overlap, with its store', async () => {
    const a = (await staffBook(atA({ customerId: 41, start: '03:00 pm', end: '03:45 pm' })).expect(201)).body.appointment;
    const res = await staffBook({ storeId: storeB.id, staffId: staffB, customerId: 4201, serviceIds: `${gelB}`, date, start: '02:30 pm', end: '03:15 pm' }).expect(201);
    expect(res.body.overlaps).toEqual([{ appointmentId: a.id, staffId: staffA, date, start: '03:00 pm', end: '03:45 pm', storeId: w.store.id }]);
    const log = await w.svc.db.collection('logs').findOne({ appointmentId: res.body.appointment.id });
    expect(log!.text).toContain(`(overlaps appointment ${a.id} 03:00 pm - 03:45 pm at store ${w.store.id})`);
  });

  it('when the store A appointment under a store B overbooking is cancelled, then its time stays held by the store B one, online at either store', async () => {
    const a = (await staffBook(atA({ date: nextDate, customerId: 41, start: '04:00 pm', end: '04:45 pm' })).expect(201)).body.appointment;
    const b = (await staffBook({ storeId: storeB.id, staffId: staffB, customerId: 4201, serviceIds: `${gelB}`, date: nextDate, start: '03:00 pm', end: '03:45 pm' }).expect(201)).body;
    expect(b.overlaps.map((o: { appointmentId: number }) => o.appointmentId)).toEqual([a.id]);
    await w.as('owner').get(`/api/cancelAppointment/${a.id}`).expect(200);
    expect((await online(0, atA({ date: nextDate, start: '04:00 pm', end: '04:45 pm' }))).status).toBe(409);
    expect((await online(1, atB({ date: nextDate, start: '03:00 pm', end: '03:45 pm' }))).status).toBe(409);
    await w.as('owner').get(`/api/cancelAppointment/${b.appointment.id}`).expect(200);
    expect((await online(0, atA({ date: nextDate, start: '04:00 pm', end: '04:45 pm' }))).status).toBe(201);
  });

  it("when 40 online requests for the same step of theirs arrive at once, half at store A and half at store B, on two instances, then exactly one is accepted", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? online(i >> 1, atA({ date: nextDate, customerId: 1100 + (i >> 1), start: '12:00 pm', end: '12:45 pm' }))
          : online(i >> 1, atB({ date: nextDate, customerId: 2100 + (i >> 1), start: '11:00 am', end: '11:45 am' })),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    const booked = await w.svc.db.collection('appointments').countDocuments({ $or: [{ storeId: w.store.id, staffId: staffA, date: nextDate, startMin: 720 }, { storeId: storeB.id, staffId: staffB, date: nextDate, startMin: 660 }] } as never);
    expect(booked).toBe(1);
  });
});

describe('claims made before claims were per person', () => {
  const old = (on: string, step: number, holder: string) => ({ staffId: staffA, date: on, step, storeId: w.store.id, holder, at: new Date() });
  const quarterAt = (time: string) => DateTime.fromISO(`${nextDate}T${time}`, { zone: 'America/New_York' }).toMillis() / 900_000;

  it('when an instance starts and finds them, then the future ones get their person and quarter, the past ones go, and one whose step the person already holds goes too', async () => {
    const claims = w.svc.db.collection('appointment_claims');
    // the first instance's scan left its marker; the last release may still write such claims, so it is not trusted
    expect(await w.svc.db.collection('migrations').findOne({ _id: 'claims-per-person' } as never)).toMatchObject({ shape: PER_PERSON_SHAPE });
    // 12:00 on nextDate is held by the request accepted above; 5:30 pm is free.
    await claims.insertMany([old('2020-01-06', 70, 'old-past'), old(nextDate, 70, 'old-future'), old(nextDate, 48, 'old-held')] as never);
    const started = await w.anotherInstance();
    await started.stop();
    expect(await claims.countDocuments({ holder: { $in: ['old-past', 'old-held'] } } as never)).toBe(0);
    expect(await claims.findOne({ holder: 'old-future' })).toMatchObject({ who: `u:${w.ids.staff}`, q: quarterAt('17:30') });
    expect(await claims.countDocuments({ who: `u:${w.ids.staff}`, q: quarterAt('12:00') })).toBe(1);
    await claims.deleteMany({ holder: 'old-future' });
  });

  describe('once no release that may run beside it writes them (the next release)', () => {
    const prepared = () =>
      new AppointmentClaims(w.svc.db, w.svc.db.models.Appointment as Model<AppointmentDoc>, async () => 'America/New_York', { keyOf: async (id) => `s:${id}`, recordsOf: async () => [] });
    const stillOld = async () => (await w.svc.db.collection('appointment_claims').findOne({ holder: 'old-late' }))?.who;
    afterEach(async () => {
      await w.svc.db.collection('appointment_claims').deleteMany({ holder: 'old-late' });
    });

    it('when the marker is there, then a start skips the scan; this release, whose last release still writes them, scans', async () => {
      await w.svc.db.collection('appointment_claims').insertOne(old(nextDate, 66, 'old-late') as never);
      await prepared().prepare(PER_PERSON_SHAPE);
      expect(await stillOld()).toBeUndefined();
      await prepared().prepare();
      expect(await stillOld()).toBe(`s:${staffA}`);
    });

    it('when the marker is missing, then a start scans', async () => {
      await w.svc.db.collection('migrations').deleteOne({ _id: 'claims-per-person' } as never);
      await w.svc.db.collection('appointment_claims').insertOne(old(nextDate, 66, 'old-late') as never);
      await prepared().prepare(PER_PERSON_SHAPE);
      expect(await stillOld()).toBe(`s:${staffA}`);
      expect(await w.svc.db.collection('migrations').findOne({ _id: 'claims-per-person' } as never)).toMatchObject({ shape: PER_PERSON_SHAPE });
    });
  });
});

describe('their own day across stores', () => {
  it('when they ask for a date from either store, then it lists their live appointments at both stores by start, each labelled with its store, and nobody else\'s', async () => {
    const day = nextDate;
    const atStoreA = (await staffBook(atA({ date: day, customerId: 43, start: '05:00 pm', end: '05:45 pm' })).expect(201)).body.appointment;
    const atStoreB = (await staffBook({ storeId: storeB.id, staffId: staffB, customerId: 4401, serviceIds: `${gelB}`, date: day, start: '01:00 pm', end: '01:45 pm' }).expect(201)).body.appointment;
    await staffBook({ storeId: w.store.id, staffId: w.staffIds.admin, customerId: 45, serviceIds: `${gelA}`, date: day, start: '05:00 pm', end: '05:45 pm' }).expect(201);
    for (const from of [w.store.id, storeB.id]) {
      const res = await w.as('staff').get(`/api/myDayAcrossStores/${from}/${day}`).expect(200);
      const list = res.body.appointments as Array<{ id: number; storeId: number; staffId: number; storeName: string; start: string; startMin: number; services: string }>;
      expect(list.map((a) => a.staffId === staffA || a.staffId === staffB)).not.toContain(false);
      expect(list.find((a) => a.id === atStoreA.id)).toMatchObject({ storeId: w.store.id, storeName: w.store.name, start: '05:00 pm', services: 'Gel Manicure' });
      expect(list.find((a) => a.id === atStoreB.id)).toMatchObject({ storeId: storeB.id, storeName: storeB.name as string, start: '01:00 pm' });
      expect(list.map((a) => a.startMin)).toEqual([...list.map((a) => a.startMin)].sort((x, y) => x - y));
    }
    // the owner of another store, who works at neither, cannot ask from these stores
    await w.as('other').get(`/api/myDayAcrossStores/${w.store.id}/${day}`).expect(403);
  });
});
