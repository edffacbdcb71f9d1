import request from 'supertest';
import { DateTime } from 'luxon';
import { MESSAGES } from '@turnbook/contracts';
import type { AvailabilitySlot } from '@turnbook/contracts/schemas/appointments';
import { todayIn } from '@turnbook/domain';
import type { BuiltService } from '@turnbook/service-kit';
import { nextMonday } from '../test/days';
import { range, startWorldWithGel, type World } from '../test/world';

/**
 * The role matrix for the TBD placeholder ('Next available', role TBD): on every booking path it is never
 * real staff (docs/product/records.md "Real staff and the TBD placeholder"). The world's store has four real
 * staff, all taking online requests (admin, superadmin, limited, staff), plus the placeholder with Online
 * Booking ON, as the demo's has.
 */
let w: World;
let second: BuiltService;
let gel: number;
let tbd: number;
let none: number;
let kiosk: string;
let desk: string;
/** A Monday (the test store opens Monday and Tuesday, 10 am to 6 pm) a few days ahead, and the Tuesday after. */
let date: string;
let tuesday: string;
let visitor: { userId: number; phone: string };
const REAL_STAFF_ONLINE = 4;

beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
  second = await w.anotherInstance();
  tbd = (await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Next available', storeId: w.store.id }).expect(201)).body.employee.id;
  await w.as('owner').post(`/api/updateEmployeeRole/${tbd}`, { role: 'TBD' }).expect(200);
  none = (await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Nobody', storeId: w.store.id }).expect(201)).body.employee.id;
  await w.as('owner').post(`/api/updateEmployeeRole/${none}`, { role: 'none' }).expect(200);
  kiosk = w.svc.keys.kiosk(w.store.id);
  desk = w.svc.keys.store(w.store.id);
  date = nextMonday();
  tuesday = DateTime.fromISO(date).plus({ days: 1 }).toISODate()!;
  visitor = w.guest(w.store.id, [501, 502, ...range(600, 40)]);
}, 90_000);
afterAll(async () => {
  await second?.stop();
  await w?.stop();
});

const onlineBody = (over: object = {}) => ({
  storeId: w.store.id, staffId: 8888, customerId: 501, serviceIds: `${gel}`, date,
  start: '10:00 am', end: '10:45 am', note: '', createdBy: 0, modifiedBy: 0, userId: visitor.userId, ...over,
});
const staffBooking = (over: object = {}) => ({
  storeId: w.store.id, staffId: tbd, customerId: 41, serviceIds: `${gel}`, date: tuesday, start: '10:00 am', end: '10:45 am', ...over,
});
type DayAnswer = Record<'appointments' | 'appointmentsNull' | 'appointmentsCancel' | 'appointmentsOnline', { id: number }[]>;
const idsOf = (list: { id: number }[]) => list.map((a) => a.id);
/** A copy of a stored appointment, as an older version of the service could have written it. */
const storedCopy = async (over: Record<string, unknown>) => {
  const booked = (await w.as('owner').post('/api/appointment', staffBooking({ staffId: 9999, start: '04:00 pm', end: '04:45 pm' })).expect(201)).body.appointment;
  const { _pendingEvents: _p, _hasPending: _h, holdKey: _k, ...template } = (await w.svc.db.collection('appointments').findOne({ _id: booked.id } as never))!;
  await w.as('owner').delete(`/api/appointment/${booked.id}`).expect(200);
  return { ...template, status: 'ON', ...over };
};
const logTexts = async (appointmentId: number) =>
  (await w.svc.db.collection('logs').find({ appointmentId }).toArray()).map((l) => l.text as string);

describe('the TBD placeholder on every booking path', () => {
  it('when availability is asked for the placeholder, online or by staff, then nothing is offered; for anyone, it is never named', async () => {
    const online = (await request(w.svc.app).get(`/api/availability/${w.store.id}/${date}?serviceIds=${gel}&staffId=${tbd}`).expect(200)).body.slots as AvailabilitySlot[];
    expect(online).toEqual([]);
    const staffMode = (await w.as('owner').get(`/api/staffAvailability/${w.store.id}/${date}?serviceIds=${gel}&staffId=${tbd}`).expect(200)).body.slots as AvailabilitySlot[];
    expect(staffMode.filter((s) => s.free)).toEqual([]);
    const anyone = (await request(w.svc.app).get(`/api/availability/${w.store.id}/${date}?serviceIds=${gel}`).expect(200)).body.slots as AvailabilitySlot[];
    expect(anyone.length).toBeGreaterThan(20);
    expect(anyone.map((s) => s.staffId)).not.toContain(tbd);
    expect(anyone.map((s) => s.staffId)).not.toContain(none);
  });

  it("when 40 'anyone' online requests for one start arrive at once on two instances, then at most as many as real staff are free are accepted, none held by the placeholder", async () => {
    const post = (i: number) => (i % 2 === 0 ? w.svc.http() : request(second.app)).post('/api/public_bookAppointmentOnline').send(onlineBody({ customerId: 600 + i, start: '01:00 pm', end: '01:45 pm' }));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(i)));
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const accepted = answers.filter((r) => r.status === 201).map((r) => r.body.appointment);
    expect(accepted).toHaveLength(REAL_STAFF_ONLINE);
    const docs = await w.svc.db.collection('appointments').find({ _id: { $in: accepted.map((a) => a.id) } } as never).toArray();
    const held = docs.map((d) => d.claimStaffId);
    expect(new Set(held).size).toBe(REAL_STAFF_ONLINE);
    expect(held).not.toContain(tbd);
    expect(held).not.toContain(none);
    expect(await w.svc.db.collection('appointment_claims').countDocuments({ staffId: { $in: [tbd, none] } })).toBe(0);
  });

  it('when an online request names the placeholder (or role none), then it is refused with a 400 naming staffId and nothing is written', async () => {
    for (const staffId of [tbd, none]) {
      const res = await w.svc.http().post('/api/public_bookAppointmentOnline').send(onlineBody({ staffId, customerId: 502, start: '03:00 pm', end: '03:45 pm' })).expect(400);
      expect(res.body.field).toBe('staffId');
    }
    expect(await w.svc.db.collection('appointments').countDocuments({ storeId: w.store.id, staffId: { $in: [tbd, none] } })).toBe(0);
  });

  it.each([['owner'], ['admin'], ['superadmin'], ['staff'], ['front desk']])(
    'when %s books the placeholder in the wizard, then it is saved unassigned (9999), the answer and the log say so, and the day files it under Unassigned',
    async (role) => {
      const as = w.as(role === 'front desk' ? desk : role);
      const res = await as.post('/api/appointment', staffBooking()).expect(201);
      expect(res.body.appointment.staffId).toBe(9999);
      expect(res.body.notice).toBe(MESSAGES.bookedUnassigned);
      expect(await logTexts(res.body.appointment.id)).toEqual([expect.stringContaining(`(booked unassigned: staff ${tbd} is not a staff member)`)]);
      const day = (await w.as('owner').get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${tuesday}`).expect(200)).body as DayAnswer;
      expect(idsOf(day.appointmentsNull)).toContain(res.body.appointment.id);
      expect(await w.svc.db.collection('appointment_claims').countDocuments({ staffId: tbd })).toBe(0);
    },
  );

  it('when limited staff name the placeholder in a booking, then they are refused as for any booking', async () => {
    const res = await w.as('limited').post('/api/appointment', staffBooking({ start: '05:00 pm', end: '05:45 pm' }));
    expect(res.status).toBe(403);
    expect(await w.svc.db.collection('appointments').countDocuments({ storeId: w.store.id, date: tuesday, startMin: 17 * 60 })).toBe(0);
  });

  it('when an appointment is dragged or edited onto the placeholder, then it is moved to Unassigned (9999) and the answer and the log say so', async () => {
    const booked = (await w.as('owner').post('/api/appointment', staffBooking({ staffId: w.staffIds.staff, start: '02:00 pm', end: '02:45 pm' })).expect(201)).body.appointment;
    const res = await w.as('staff').patch(`/api/appointment/${booked.id}`, { staffId: tbd, start: '03:00 pm' }).expect(200);
    expect(res.body.appointment).toMatchObject({ staffId: 9999, start: '03:00 pm' });
    expect(res.body.notice).toBe(MESSAGES.bookedUnassigned);
    // the edit's entry, beside the booking's (a find without a sort gives no order)
    expect(await logTexts(booked.id)).toContainEqual(expect.stringContaining('(booked unassigned'));
    const day = (await w.as('owner').get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${tuesday}`).expect(200)).body as DayAnswer;
    expect(idsOf(day.appointmentsNull)).toContain(booked.id);
  });

  it('when appointments were stored on the placeholder, role none or an unknown id before, then every day read files them under Unassigned', async () => {
    const later = DateTime.fromISO(date).plus({ days: 7 }).toISODate()!;
    const stored = await Promise.all([tbd, none, 424242].map((staffId, i) => storedCopy({ _id: 990_000 + i, staffId, date: later, customerPhone: '2155550199' })));
    await w.svc.db.collection('appointments').insertMany(stored as never[]);
    // a fresh instance reads the day from the database (the written day has no stamp of its own yet)
    const fresh = await w.anotherInstance();
    try {
      const token = w.tokens.owner!;
      const day = (await request(fresh.app).get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${later}`).set('authorization', `Bearer ${token}`).expect(200)).body as DayAnswer;
      expect(idsOf(day.appointmentsNull).sort()).toEqual([990_000, 990_001, 990_002]);
      expect(idsOf(day.appointments)).toEqual([]);
      const byId = (await request(fresh.app).get('/api/getAppointmentsById/990000').set('authorization', `Bearer ${token}`).expect(200)).body as DayAnswer;
      expect(idsOf(byId.appointmentsNull)).toEqual([990_000]);
      const ofPlaceholder = (await request(fresh.app).get(`/api/getAppointmentsByStoreIdAndEmployeeId/${w.store.id}/${tbd}/${later}`).set('authorization', `Bearer ${token}`).expect(200)).body as DayAnswer;
      expect(idsOf(ofPlaceholder.appointments)).toEqual([]);
      expect(idsOf(ofPlaceholder.appointmentsNull).sort()).toEqual([990_000, 990_001, 990_002]);
      // the kiosk's lookup by phone: unassigned, with no one named to serve them
      const door = (await request(fresh.app).get(`/api/getAppointmentsByStoreIdAndType/phone/${w.store.id}/2155550199/${later}`).set('authorization', `Bearer ${kiosk}`).expect(200)).body as Record<string, { id: number; userFname: string }[]>;
      expect(idsOf(door.appointmentsNull).sort()).toEqual([990_000, 990_001, 990_002]);
      expect(door.appointmentsNull.map((a) => a.userFname)).toEqual(['', '', '']);
    } finally {
      await fresh.stop();
    }
  });

  it('when the kiosk books a walk-in on the placeholder, then it is refused; a walk-in is checked in with it, then 400 naming staffId', async () => {
    const today = todayIn('America/New_York');
    const walkIn = { storeId: w.store.id, staffId: 8888, customerId: 51, serviceIds: `${gel}`, date: today, start: '11:00 am', end: '11:45 am', note: 'Walk in', createdBy: 0, modifiedBy: 0, status: 'PENDING' };
    expect((await w.as(kiosk).post('/api/appointment', { ...walkIn, staffId: tbd })).status).toBeGreaterThanOrEqual(400);
    const appointment = (await w.as(kiosk).post('/api/appointment', walkIn).expect(201)).body.appointment;
    const sheet = (await w.as(kiosk).post('/api/sheet', {
      storeId: w.store.id, customer_name: 'Ann Lee', customer_phone: '(215) 555-0101', service_by_customer: 'Gel Manicure', staff_by_customer: '',
      date: today, arrived_time: '11:00 am', appointment_id: appointment.id,
    }).expect(201)).body.sheet;
    for (const staffId of [tbd, none]) {
      const res = await w.as(desk).patch(`/api/sheet/${sheet.id}`, { staffId: `${staffId}`, staff_fname: 'Next available', checked: '11:30 am' }).expect(400);
      expect(res.body.field).toBe('staffId');
    }
    // the turns and the suggestion of who is next never name it
    const next = (await w.as(desk).get(`/api/suggestNextStaff/${w.store.id}/${date}`).expect(200)).body;
    expect(JSON.stringify(next)).not.toContain(`${tbd}`);
    expect(JSON.stringify(next)).not.toContain('Next available');
  });

  it("when a report counts a day with the placeholder's appointments, then their income is under Unassigned (9999) and it has no column", async () => {
    const d = '2032-03-08';
    await w.svc.db.collection('appointments').insertMany([await storedCopy({ _id: 991_000, staffId: tbd, date: d, sale: 4000 }), await storedCopy({ _id: 991_001, staffId: 9999, date: d, sale: 1000 })] as never[]);
    const r = (await w.as('owner').get(`/api/getReportByStoreIdAndRange/${w.store.id}?from=${d}&to=${d}`).expect(200)).body;
    expect(r.rows[0].incomeCents).toEqual({ 9999: 5000 });
    expect(r.columns.map((c: { id: number }) => c.id)).not.toContain(tbd);
  });
});
