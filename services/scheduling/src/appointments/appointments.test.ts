import supertest from 'supertest';
import { MESSAGES } from '@turnbook/contracts';
import { todayIn } from '@turnbook/domain';
import { collect } from '../test/events';
import { count, ROLES, startWorld, type World } from '../test/world';

let w: World;
let gel: number;
let pedi: number;
let foreignService: number;

beforeAll(async () => {
  w = await startWorld();
  gel = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Gel Manicure', duration: 45, price: 35.5, icon: '12', type: 'ALL' }).expect(201)).body.service.id;
  pedi = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Pedicure', duration: 30, price: 25, icon: '3', type: 'ALL' }).expect(201)).body.service.id;
  foreignService = (await w.as('other').post('/api/service', { storeId: w.otherStore.id, name: 'Secret', duration: 30, icon: 3 }).expect(201)).body.service.id;
}, 60_000);
afterAll(async () => w?.stop());

const booking = (over: object = {}) => ({
  storeId: w.store.id, staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel}`, date: '2031-06-02',
  start: '10:00 am', end: '10:45 am', note: 'first visit', createdBy: 999, modifiedBy: 999, ...over,
});
const book = async (over: object = {}, role = 'owner') => (await w.as(role).post('/api/appointment', booking(over)).expect(201)).body;
const logsOf = (appointmentId: number) => w.svc.db.collection('logs').find({ appointmentId }).sort({ _id: 1 }).toArray();
const day = async (date: string, role = 'owner') => (await w.as(role).get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body;

describe('staff booking', () => {
  it('when the owner books an appointment, then it is saved with its services, the caller as creator, an event and a log entry', async () => {
    const events = collect<{ id: number; dayOff: boolean }>(w.svc.bus.connection, `evt.appointment.${w.store.id}.created`);
    const { appointment, overlaps } = await book({ serviceIds: `${gel},${pedi}`, end: '11:15 am' });
    expect(appointment).toMatchObject({
      staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel},${pedi}`, date: '2031-06-02', start: '10:00 am', end: '11:15 am',
      startMin: 600, endMin: 675, status: 'ON', createdBy: w.ids.owner, modifiedBy: w.ids.owner, sale: 0, userFname: 'staff',
    });
    expect(appointment.services.map((s: { name: string; price: number }) => [s.name, s.price])).toEqual([['Gel Manicure', 35.5], ['Pedicure', 25]]);
    expect(overlaps).toBeUndefined();
    const created = await events.waitFor((d) => d.id === appointment.id);
    expect(created).toMatchObject({ dayOff: false });
    expect(created).not.toHaveProperty('sendConfirmation');
    events.stop();
    expect((await logsOf(appointment.id)).map((l) => l.text)).toEqual(['Appointment created 2031-06-02 10:00 am - 11:15 am']);
    expect((await day('2031-06-02')).appointments.map((a: { id: number }) => a.id)).toContain(appointment.id);
  });

  it('when a booking comes with the confirmation toggle on, then the choice is kept and the created event carries it for the texts', async () => {
    const events = collect<{ id: number; sendConfirmation?: boolean }>(w.svc.bus.connection, `evt.appointment.${w.store.id}.created`);
    const { appointment } = await book({ date: '2031-06-09', sendConfirmation: true });
    expect(await events.waitFor((d) => d.id === appointment.id)).toMatchObject({ sendConfirmation: true });
    events.stop();
    expect(await w.svc.db.collection('appointments').findOne({ _id: appointment.id })).toMatchObject({ sendConfirmation: true });
    const bad = await w.as('owner').post('/api/appointment', booking({ date: '2031-06-09', sendConfirmation: 'yes' })).expect(400);
    expect(JSON.stringify(bad.body)).toContain('sendConfirmation');
  });

  it('when a staff booking overlaps another appointment of the same staff member, then it is accepted and the answer and the log name the overlap', async () => {
    const first = (await book({ date: '2031-06-03' })).appointment;
    await book({ date: '2031-06-03', staffId: w.staffIds.admin }); // another staff member: no overlap
    const res = await book({ date: '2031-06-03', start: '10:30 am', end: '11:15 am', customerId: 42 }, 'staff');
    expect(res.overlaps).toEqual([{ appointmentId: first.id, staffId: w.staffIds.staff, date: '2031-06-03', start: '10:00 am', end: '10:45 am' }]);
    const [log] = await logsOf(res.appointment.id);
    expect(log.text).toBe(`Appointment created 2031-06-03 10:30 am - 11:15 am (overlaps appointment ${first.id} 10:00 am - 10:45 am)`);
    expect(JSON.parse(log.appointment_log).overlaps).toHaveLength(1);
  });

  it('when a booking is on the To Be Determined, Online or Unassigned column, then it is saved and overlaps nothing', async () => {
    for (const staffId of [0, 8888, 9999]) {
      const res = await book({ date: '2033-01-03', staffId });
      expect(res.overlaps).toBeUndefined();
    }
    const d = await day('2033-01-03');
    expect(d.appointmentsNull).toHaveLength(2);
    expect(d.appointmentsOnline).toHaveLength(1);
  });

  it.each([
    ['serviceIds', () => ({ serviceIds: `${foreignService}` })],
    ['serviceIds', () => ({ serviceIds: 'abc' })],
    ['staffId', () => ({ staffId: 1111 })],
    ['staffId', () => ({ staffId: 123456789 })],
    ['date', () => ({ date: '2020-01-01' })],
    ['end', () => ({ start: '11:00 am', end: '10:00 am' })],
    ['start', () => ({ start: '' })],
  ])('when a booking has a bad %s, then it answers 400 naming it and writes nothing', async (field, over) => {
    const before = await count(w, 'appointments');
    const res = await w.as('owner').post('/api/appointment', booking(over())).expect(400);
    expect(res.body.field).toBe(field);
    expect(await count(w, 'appointments')).toBe(before);
  });

  it("when a booking or an edit names another store's customer, then it answers 400 on customerId and writes nothing", async () => {
    w.customers.add({ id: 4103, storeId: w.otherStore.id, phone: '' });
    const before = await count(w, 'appointments');
    const res = await w.as('owner').post('/api/appointment', booking({ date: '2033-02-21', customerId: 4103 })).expect(400);
    expect(res.body).toMatchObject({ field: 'customerId', message: 'customerId: must be a customer of this store' });
    expect(await count(w, 'appointments')).toBe(before);
    const mine = (await book({ date: '2033-02-21' })).appointment;
    const edit = await w.as('owner').patch(`/api/appointment/${mine.id}`, { customerId: 4103 }).expect(400);
    expect(edit.body.field).toBe('customerId');
    expect((await w.svc.db.collection('appointments').findOne({ _id: mine.id } as never))?.customerId).toBe(41);
  });

  it('when each role books, then every member but limited staff can; outsiders cannot', async () => {
    const got: Record<string, number> = {};
    for (const r of ROLES) got[r] = (await w.as(r).post('/api/appointment', booking({ date: '2033-01-04', note: `by ${r}` }))).status;
    expect(got).toEqual({ owner: 201, admin: 201, superadmin: 201, staff: 201, limited: 403, other: 403, customer: 403, none: 401 });
  });
});

describe('edit, reschedule, cancel and delete', () => {
  it('when only a new start is sent, then the appointment moves keeping its length, and the log says so', async () => {
    const a = (await book({ date: '2031-07-01', serviceIds: `${gel},${pedi}`, end: '11:15 am' })).appointment;
    const res = await w.as('staff').patch(`/api/appointment/${a.id}`, { start: '02:00 pm', modifiedBy: 1 }).expect(200);
    expect(res.body.appointment).toMatchObject({ start: '02:00 pm', end: '03:15 pm', startMin: 840, endMin: 915, modifiedBy: w.ids.staff });
    expect((await logsOf(a.id)).map((l) => l.text)).toContain('Appointment moved to 2031-07-01 02:00 pm - 03:15 pm');
  });

  it('when an appointment moves to another day, then its updated event names the day it left (a calendar refreshes both days); a change on the same day names none', async () => {
    const a = (await book({ date: '2031-07-01' })).appointment;
    const events = collect<{ id: number; date: string; previousDate?: string; start: string }>(w.svc.bus.connection, `evt.appointment.${w.store.id}.updated`);
    await w.as('owner').patch(`/api/appointment/${a.id}`, { date: '2031-07-08' }).expect(200);
    expect(await events.waitFor((d) => d.id === a.id && d.date === '2031-07-08')).toMatchObject({ previousDate: '2031-07-01' });
    await w.as('owner').patch(`/api/appointment/${a.id}`, { start: '11:00 am' }).expect(200);
    expect(await events.waitFor((d) => d.id === a.id && d.start === '11:00 am')).not.toHaveProperty('previousDate');
    events.stop();
  });

  it('when an appointment is moved onto another of the new staff member, then the answer names that overlap', async () => {
    const there = (await book({ date: '2031-07-07', staffId: w.staffIds.admin })).appointment;
    const a = (await book({ date: '2031-07-07', start: '01:00 pm', end: '01:45 pm' })).appointment;
    const res = await w.as('owner').patch(`/api/appointment/${a.id}`, { staffId: w.staffIds.admin, start: '10:15 am', end: '11:00 am' }).expect(200);
    expect(res.body.overlaps.map((o: { appointmentId: number }) => o.appointmentId)).toEqual([there.id]);
  });

  it('when an appointment is checked out, then the sale is kept in cents and answered in dollars to managers and its own staff member only', async () => {
    const a = (await book({ date: '2033-01-10' })).appointment;
    expect((await w.as('owner').patch(`/api/appointment/${a.id}`, { sale: 42.5, note: 'paid' }).expect(200)).body.appointment.sale).toBe(42.5);
    expect((await w.svc.db.collection('appointments').findOne({ _id: a.id } as never))?.sale).toBe(4250);
    expect((await w.as('staff').get(`/api/getAppointmentsById/${a.id}`).expect(200)).body.appointments[0].sale).toBe(42.5);
    expect((await w.as(w.svc.keys.store(w.store.id)).get(`/api/getAppointmentsById/${a.id}`).expect(200)).body.appointments[0].sale).toBeNull();
  });

  it('when an appointment is cancelled, then it is CANCEL in the day, and removeAppointment and DELETE remove appointments for good', async () => {
    const a = (await book({ date: '2033-01-11' })).appointment;
    expect((await w.as('staff').get(`/api/cancelAppointment/${a.id}`).expect(200)).body.appointment.status).toBe('CANCEL');
    expect((await day('2033-01-11')).appointmentsCancel.map((x: { id: number }) => x.id)).toEqual([a.id]);
    await w.as('admin').get(`/api/removeAppointment/${a.id}`).expect(200, { success: true });
    const b = (await book({ date: '2033-01-11' })).appointment;
    await w.as('owner').delete(`/api/appointment/${b.id}`).expect(200, { success: true });
    expect(await count(w, 'appointments', { _id: { $in: [a.id, b.id] } })).toBe(0);
    expect(await day('2033-01-11')).toEqual({ appointments: [], appointmentsNull: [], appointmentsCancel: [], appointmentsOnline: [] });
    expect((await logsOf(a.id)).map((l) => l.text)).toEqual(['Appointment created 2033-01-11 10:00 am - 10:45 am', 'Appointment cancelled', 'Appointment deleted']);
  });

  it('when each role edits, cancels or removes, then the route table decides', async () => {
    const edit: Record<string, number> = {};
    const cancel: Record<string, number> = {};
    const remove: Record<string, number> = {};
    for (const r of ROLES) {
      const a = (await book({ date: '2033-01-17' })).appointment;
      edit[r] = (await w.as(r).patch(`/api/appointment/${a.id}`, { note: `by ${r}` })).status;
      cancel[r] = (await w.as(r).get(`/api/cancelAppointment/${a.id}`)).status;
      remove[r] = (await w.as(r).get(`/api/removeAppointment/${a.id}`)).status;
    }
    const members = { owner: 200, admin: 200, superadmin: 200, staff: 200, limited: 403, other: 403, customer: 403, none: 401 };
    expect(edit).toEqual(members);
    expect(cancel).toEqual(members);
    expect(remove).toEqual({ ...members, staff: 403 });
  });

  it("when an appointment id does not exist, then edit, cancel, remove and read answer 404 'Appointment not found'", async () => {
    const answers = await Promise.all([
      w.as('owner').patch('/api/appointment/987654321', { note: 'x' }),
      w.as('owner').get('/api/cancelAppointment/987654321'),
      w.as('owner').get('/api/removeAppointment/987654321'),
      w.as('owner').get('/api/getAppointmentsById/987654321'),
    ]);
    expect(answers.map((r) => [r.status, r.body.message])).toEqual(Array(4).fill([404, MESSAGES.appointmentNotFound]));
  });

  it("when our owner works with another store's appointment, then nothing is read or changed", async () => {
    w.customers.add({ id: 4101, storeId: w.otherStore.id, phone: '' });
    const theirs = (await w.as('other').post('/api/appointment', booking({ storeId: w.otherStore.id, customerId: 4101, staffId: 0, serviceIds: `${foreignService}`, end: '10:30 am' })).expect(201)).body.appointment;
    await w.as('owner').get(`/api/getAppointmentsById/${theirs.id}`).expect(403);
    await w.as('owner').patch(`/api/appointment/${theirs.id}`, { note: 'mine' }).expect(403);
    await w.as('owner').get(`/api/cancelAppointment/${theirs.id}`).expect(403);
    await w.as('owner').get(`/api/removeAppointment/${theirs.id}`).expect(403);
    expect((await w.svc.db.collection('appointments').findOne({ _id: theirs.id } as never))?.status).toBe('ON');
  });
});

describe('edits that land at once', () => {
  it('when a reassignment and a reschedule of one appointment land at once on two instances, then both are kept, every time', async () => {
    const second = await w.anotherInstance();
    try {
      const token = w.svc.keys.user(w.ids.owner);
      const patch = (r: ReturnType<typeof w.svc.http>, id: number, body: object) => r.patch(`/api/appointment/${id}`).set('authorization', `Bearer ${token}`).send(body);
      const a = (await book({ date: '2031-06-16', start: '11:00 am', end: '11:45 am' })).appointment;
      for (let i = 0; i < 8; i++) {
        const staffId = [w.staffIds.admin, w.staffIds.staff][i % 2];
        const start = ['01:00 pm', '02:00 pm', '03:00 pm'][i % 3];
        const answers = await Promise.all([patch(w.svc.http(), a.id, { staffId }), patch(supertest(second.app), a.id, { start })]);
        expect(answers.map((r) => r.status)).toEqual([200, 200]);
        const saved = await w.svc.db.collection('appointments').findOne({ _id: a.id } as never);
        expect([i, saved?.staffId, saved?.start]).toEqual([i, staffId, start]);
      }
    } finally {
      await second.stop();
    }
  });
});

describe('the status an edit leaves (001 §4)', () => {
  const date = '2032-03-01';
  const statusOf = async (id: number) => (await w.svc.db.collection('appointments').findOne({ _id: id } as never))?.status;
  const patch = (id: number, body: object, role = 'owner') => w.as(role).patch(`/api/appointment/${id}`, body);

  it('when an ON appointment is moved to the Online column with status ON, then the server makes it APPROVED', async () => {
    const a = (await book({ date })).appointment;
    expect((await patch(a.id, { staffId: 8888, status: 'ON' }).expect(200)).body.appointment.status).toBe('APPROVED');
  });

  it('when an APPROVED one is moved to a real staff member with status APPROVED, then it is ON', async () => {
    const a = (await book({ date, staffId: 8888, status: 'APPROVED' })).appointment;
    expect((await patch(a.id, { staffId: w.staffIds.staff, status: 'APPROVED' }).expect(200)).body.appointment.status).toBe('ON');
  });

  it('when the client sends a status that is neither a cancel nor an approve, then the rule decides and its status is ignored', async () => {
    const a = (await book({ date, start: '11:00 am', end: '11:45 am' })).appointment;
    await patch(a.id, { note: 'just a note', status: 'PENDING' }).expect(200);
    expect(await statusOf(a.id)).toBe('ON');
    await patch(a.id, { staffId: 9999, status: 'MODIFYING' }).expect(200);
    expect(await statusOf(a.id)).toBe('ON');
    await patch(a.id, { status: 'APPROVED' }).expect(200); // nothing to approve
    expect(await statusOf(a.id)).toBe('ON');
  });

  it('when a request is edited with status APPROVED by whoever may approve, then it is approved; limited staff may not', async () => {
    const a = (await book({ date, staffId: 8888, status: 'PENDING' })).appointment;
    await patch(a.id, { status: 'APPROVED' }, 'limited').expect(403);
    await patch(a.id, { staffId: 8888, status: 'ON' }).expect(200);
    expect(await statusOf(a.id)).toBe('PENDING');
    await patch(a.id, { status: 'APPROVED' }, 'staff').expect(200);
    expect(await statusOf(a.id)).toBe('APPROVED');
  });

  it("when a customer's cancellation is edited onto a staff member, then it waits for the store's answer; an approve keeps it", async () => {
    const a = (await book({ date, start: '01:00 pm', end: '01:45 pm', status: 'REQUEST CANCEL' })).appointment;
    await patch(a.id, { staffId: w.staffIds.admin, status: 'ON' }).expect(200);
    expect(await statusOf(a.id)).toBe('REQUEST CANCEL');
    await patch(a.id, { status: 'APPROVED' }).expect(200);
    expect(await statusOf(a.id)).toBe('APPROVED');
  });

  it('when an edit asks to cancel, then it is cancelled, and a cancelled one stays cancelled whatever is sent', async () => {
    const a = (await book({ date, start: '03:00 pm', end: '03:45 pm' })).appointment;
    await patch(a.id, { status: 'CANCEL' }).expect(200);
    expect(await statusOf(a.id)).toBe('CANCEL');
    await patch(a.id, { staffId: w.staffIds.staff, status: 'ON' }).expect(200);
    await patch(a.id, { staffId: 8888, status: 'APPROVED' }).expect(200);
    expect(await statusOf(a.id)).toBe('CANCEL');
  });
});

describe("times the store's clock shows (a spring-forward day)", () => {
  // New York's clocks go from 1:59 am to 3:00 am on 14 March 2032: 2:00-2:59 am never comes that day.
  const springForward = '2032-03-14';
  // A store open round the clock every day, so the night's times are inside its hours (ruling 5).
  let night: number;
  let nightGel: number;
  beforeAll(async () => {
    const hours = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, '12:00 am-12:00 am']));
    night = (await w.createStore('owner', { name: 'Night Owl Nails', hours })).id;
    nightGel = (await w.as('owner').post('/api/service', { storeId: night, name: 'Gel', duration: 45, icon: '12', type: 'ALL' }).expect(201)).body.service.id;
    w.customers.add({ id: 4102, storeId: night, phone: '' });
  });
  const bookAtNight = async (over: object) => (await w.as('owner').post('/api/appointment', booking({ storeId: night, customerId: 4102, serviceIds: `${nightGel}`, ...over })).expect(201)).body;

  it.each([
    [{ start: '02:30 am', end: '03:15 am' }],
    [{ start: '02:00 am', end: '03:00 am' }],
  ])('when a booking on a spring-forward day starts inside the gap (%p), then it answers 400 naming start and writes nothing', async (times) => {
    const before = await count(w, 'appointments');
    const res = await w.as('owner').post('/api/appointment', booking({ storeId: night, customerId: 4102, serviceIds: `${nightGel}`, date: springForward, staffId: 8888, ...times })).expect(400);
    expect(res.body).toMatchObject({ field: 'start', code: 'validation' });
    expect(res.body.message).toContain('does not exist on 2032-03-14 in America/New_York');
    expect(await count(w, 'appointments')).toBe(before);
  });

  it('when a booking on a spring-forward day starts before the gap and ends after it, then it is saved as sent', async () => {
    const { appointment } = await bookAtNight({ date: springForward, staffId: 8888, start: '01:30 am', end: '03:15 am' });
    expect(appointment).toMatchObject({ date: springForward, start: '01:30 am', end: '03:15 am' });
  });

  it("when a booking's end was added on paper into the gap (1:30 am + 45 minutes = 2:15 am), then it ends 45 real minutes later, at 3:15 am", async () => {
    const { appointment } = await bookAtNight({ date: springForward, staffId: 8888, start: '01:30 am', end: '02:15 am' });
    expect(appointment).toMatchObject({ start: '01:30 am', end: '03:15 am', startMin: 90, endMin: 195 });
    // Moved by its start alone (a drag) to another day: it keeps its 45 minutes, not the 105 its clock times span.
    const moved = await w.as('owner').patch(`/api/appointment/${appointment.id}`, { date: '2032-03-15', start: '11:00 am' }).expect(200);
    expect(moved.body.appointment).toMatchObject({ date: '2032-03-15', start: '11:00 am', end: '11:45 am' });
  });

  it('when an appointment at 2:30 am is moved to a spring-forward day, then it is refused naming start and stays where it was, and a note on it still saves', async () => {
    const a = (await bookAtNight({ date: '2032-03-21', staffId: 8888, start: '02:30 am', end: '03:00 am' })).appointment;
    const res = await w.as('owner').patch(`/api/appointment/${a.id}`, { date: springForward }).expect(400);
    expect(res.body.field).toBe('start');
    expect((await w.svc.db.collection('appointments').findOne({ _id: a.id } as never))?.date).toBe('2032-03-21');
    expect((await w.as('owner').patch(`/api/appointment/${a.id}`, { note: 'early bird' }).expect(200)).body.appointment.note).toBe('early bird');
  });
});

describe("edits inside the store's hours (ruling 5)", () => {
  const monday = '2032-03-08';

  it("when a 75-minute appointment is moved to 5:00 pm in a store closing at 6:00, then it is refused in words and stays where it was", async () => {
    const a = (await book({ date: monday, serviceIds: `${gel},${pedi}`, end: '11:15 am' })).appointment;
    const res = await w.as('owner').patch(`/api/appointment/${a.id}`, { start: '05:00 pm' }).expect(409);
    expect(res.body).toMatchObject({ code: 'outsideHours', field: 'start', message: "This time is outside the store's hours: open 10:00 am-6:00 pm on Mondays." });
    expect((await w.svc.db.collection('appointments').findOne({ _id: a.id } as never))?.start).toBe('10:00 am');
    expect((await w.as('owner').patch(`/api/appointment/${a.id}`, { start: '04:45 pm' }).expect(200)).body.appointment.end).toBe('06:00 pm');
  });

  it('when an edit moves it to a closed weekday or before opening, then it is refused', async () => {
    const a = (await book({ date: monday, start: '01:00 pm', end: '01:45 pm' })).appointment;
    const closed = await w.as('owner').patch(`/api/appointment/${a.id}`, { date: '2032-03-10' }).expect(409);
    expect(closed.body).toMatchObject({ code: 'outsideHours', field: 'date', message: "This time is outside the store's hours: closed on Wednesdays." });
    await w.as('staff').patch(`/api/appointment/${a.id}`, { start: '09:00 am', end: '09:45 am' }).expect(409);
  });

  it("when a staff booking is for a closed weekday or runs past closing, then it is refused in words naming the field and nothing is written", async () => {
    const before = await count(w, 'appointments');
    const closed = await w.as('owner').post('/api/appointment', booking({ date: '2032-03-10' })).expect(409);
    expect(closed.body).toMatchObject({ code: 'outsideHours', field: 'date', message: "This time is outside the store's hours: closed on Wednesdays." });
    const late = await w.as('staff').post('/api/appointment', booking({ date: monday, start: '05:30 pm', end: '06:15 pm' })).expect(409);
    expect(late.body).toMatchObject({ code: 'outsideHours', field: 'start', message: "This time is outside the store's hours: open 10:00 am-6:00 pm on Mondays." });
    const group = await w.as('owner').post('/api/appointments/group', { storeId: w.store.id, members: [booking({ date: monday }), booking({ date: monday, start: '07:00 am', end: '07:45 am' })] });
    expect([group.status, group.body.field]).toEqual([409, 'members.1.start']);
    expect(await count(w, 'appointments')).toBe(before);
  });

  it('when an appointment already outside the hours gets a note or a new staff member, then it saves (only a new time is checked)', async () => {
    // Booked when the store's hours were different: written inside today's hours, then put where it was.
    const early = (await book({ date: monday, start: '10:00 am', end: '10:30 am', staffId: 8888 })).appointment;
    await w.svc.db.collection('appointments').updateOne({ _id: early.id } as never, { $set: { start: '03:00 am', end: '03:30 am', startMin: 180, endMin: 210 } });
    expect((await w.as('owner').patch(`/api/appointment/${early.id}`, { note: 'came early' }).expect(200)).body.appointment.note).toBe('came early');
    expect((await w.as('owner').patch(`/api/appointment/${early.id}`, { staffId: w.staffIds.staff }).expect(200)).body.appointment).toMatchObject({ staffId: w.staffIds.staff, start: '03:00 am' });
  });
});

describe('reads and who sees what', () => {
  const past = '2024-01-10';
  let mineLimited: number;
  let staffPast: number;
  beforeAll(async () => {
    // Past appointments cannot be booked through the calls: written directly, then the day's stamp is moved.
    const base = { storeId: w.store.id, customerId: 77, serviceIds: `${gel}`, services: [], date: past, start: '10:00 am', end: '10:45 am', startMin: 600, endMin: 645, status: 'ON', note: 'secret', customerFname: 'Ann', customerLname: 'Lee' };
    mineLimited = 980001;
    staffPast = 980002;
    await w.svc.db.collection('appointments').insertMany([
      { _id: mineLimited, staffId: w.staffIds.limited, ...base },
      { _id: staffPast, staffId: w.staffIds.staff, ...base },
      { _id: 980003, staffId: w.staffIds.admin, ...base },
    ] as never);
    await w.svc.db.collection('appointment_day_stamps').updateOne({ _id: `${w.store.id}:${past}` } as never, { $set: { v: 'moved' } }, { upsert: true });
  });

  it('when a past day is read, then managers see every column, staff their own column, limited staff their own', async () => {
    const ids = async (role: string) => (await day(past, role)).appointments.map((a: { id: number }) => a.id).sort();
    expect(await ids('owner')).toEqual([mineLimited, staffPast, 980003]);
    expect(await ids('staff')).toEqual([staffPast]);
    expect(await ids('limited')).toEqual([mineLimited]);
    // the front desk sees every column of a past day, without customers or services
    const desk = (await day(past, w.svc.keys.store(w.store.id))).appointments;
    expect(desk.map((a: { id: number }) => a.id).sort()).toEqual([mineLimited, staffPast, 980003]);
    expect(desk.every((a: { customerFname: string; services: unknown[]; note: string }) => a.customerFname === '' && a.services.length === 0 && a.note === '')).toBe(true);
  });

  it('when getAppointmentsById is asked, then the appointment comes in its group; limited staff may not open appointments', async () => {
    const a = (await book({ date: '2033-01-18', staffId: 9999 })).appointment;
    const res = (await w.as('staff').get(`/api/getAppointmentsById/${a.id}`).expect(200)).body;
    expect(res.appointmentsNull.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(res.appointments).toEqual([]);
    await w.as('limited').get(`/api/getAppointmentsById/${a.id}`).expect(403);
    // a staff member does not read another column's past appointment by its id
    expect((await w.as('staff').get('/api/getAppointmentsById/980003').expect(200)).body.appointments).toEqual([]);
  });

  it("when a staff member's day is read, then it has their appointments and the day's unassigned", async () => {
    const mine = (await book({ date: '2033-01-24' })).appointment;
    const open = (await book({ date: '2033-01-24', staffId: 0 })).appointment;
    await book({ date: '2033-01-24', staffId: w.staffIds.admin });
    const res = (await w.as('staff').get(`/api/getAppointmentsByStoreIdAndEmployeeId/${w.store.id}/${w.staffIds.staff}/2033-01-24`).expect(200)).body;
    expect(res.appointments.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    expect(res.appointmentsNull.map((x: { id: number }) => x.id)).toEqual([open.id]);
    // limited staff read another column ahead as staff do, without its sale (docs/product/roles.md)
    const limited = (await w.as('limited').get(`/api/getAppointmentsByStoreIdAndEmployeeId/${w.store.id}/${w.staffIds.staff}/2033-01-24`).expect(200)).body;
    expect(limited.appointments.map((x: { id: number; customerId: number; sale: number | null }) => [x.id, x.customerId, x.sale])).toEqual([[mine.id, mine.customerId, null]]);
  });

  it("when the store's upcoming appointments and online requests are read, then they come soonest first, from today", async () => {
    const pending = (await book({ date: '2033-01-25', staffId: 8888, status: 'PENDING' })).appointment;
    const upcoming = (await w.as('owner').get(`/api/getAppointmentsByStoreId/${w.store.id}`).expect(200)).body.appointments;
    const today = todayIn('America/New_York');
    expect(upcoming.every((a: { date: string }) => a.date >= today)).toBe(true);
    expect(upcoming.map((a: { id: number }) => a.id)).not.toContain(staffPast);
    const dates = upcoming.map((a: { date: string }) => a.date);
    expect(dates).toEqual([...dates].sort());
    const requests = (await w.as('admin').get(`/api/getAppointmentsOnlineByStoreId/${w.store.id}`).expect(200)).body.appointments;
    expect(requests.map((a: { id: number }) => a.id)).toEqual([pending.id]);
    await w.as('staff').get(`/api/getAppointmentsOnlineByStoreId/${w.store.id}`).expect(403);
  });
});

describe('the kiosk lookup and the public day', () => {
  const date = '2031-09-01';
  const setCustomer = async (id: number, c: object) => {
    await w.svc.db.collection('appointments').updateOne({ _id: id } as never, { $set: c });
    await w.svc.db.collection('appointment_day_stamps').updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { v: `c${id}` } }, { upsert: true });
  };
  let ann: number;
  beforeAll(async () => {
    ann = (await book({ date, customerId: 51, note: 'allergic' })).appointment.id;
    await setCustomer(ann, { customerFname: 'Ann', customerLname: 'Lee', customerPhone: '2155550101', customerEmail: 'ann@example.com' });
    const bob = (await book({ date, customerId: 52, staffId: 0, start: '01:00 pm', end: '01:45 pm' })).appointment.id;
    await setCustomer(bob, { customerFname: 'Bob', customerLname: 'Lee', customerPhone: '2155550102', customerEmail: 'bob@example.com' });
    await book({ date, staffId: 8888, status: 'PENDING', start: '03:00 pm', end: '03:45 pm' });
  });
  const lookup = async (type: string, value: string) =>
    (await w.as('owner').get(`/api/getAppointmentsByStoreIdAndType/${type}/${w.store.id}/${encodeURIComponent(value)}/${date}`).expect(200)).body;

  it('when one customer matches a phone or email exactly, then the door shows first name, last initial, masked phone and services', async () => {
    const byPhone = await lookup('phone', '(215) 555-0101');
    expect(byPhone.appointments).toEqual([
      expect.objectContaining({ id: ann, customerFname: 'Ann', customerLname: 'L', customerPhone: '(***) ***-0101', userFname: 'staff', start: '10:00 am' }),
    ]);
    expect(byPhone.appointments[0]).not.toHaveProperty('note');
    expect(byPhone.appointments[0]).not.toHaveProperty('customerEmail');
    expect((await lookup('email', 'ANN@example.com')).appointments.map((a: { id: number }) => a.id)).toEqual([ann]);
  });

  it('when a last name matches two customers or nothing matches exactly, then nobody is listed', async () => {
    expect(await lookup('lname', 'lee')).toEqual({ appointments: [], appointmentsNull: [] });
    expect(await lookup('email', 'ann@example.co')).toEqual({ appointments: [], appointmentsNull: [] });
    const bad = await w.as('owner').get(`/api/getAppointmentsByStoreIdAndType/phone/${w.store.id}/123/${date}`).expect(400);
    expect(bad.body.field).toBe('value');
  });

  it('when anyone reads the public day, then only busy times come, without customers or notes', async () => {
    const res = (await w.as('none').get(`/api/public_getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body;
    expect(res.appointments).toEqual([
      { staffId: w.staffIds.staff, date, start: '10:00 am', end: '10:45 am', startMin: 600, endMin: 645 },
      { staffId: 0, date, start: '01:00 pm', end: '01:45 pm', startMin: 780, endMin: 825 },
    ]);
    expect(res.appointmentsOnline).toHaveLength(1);
    expect(JSON.stringify(res)).not.toMatch(/Ann|allergic|2155550101/);
  });

  it("when a customer's only match is an online request the store has not approved, then the door gets it marked awaitingApproval, not as a booked appointment", async () => {
    const request = (await book({ date, customerId: 53, staffId: 8888, status: 'PENDING', start: '10:30 am', end: '11:15 am' })).appointment.id;
    await setCustomer(request, { customerFname: 'Cleo', customerLname: 'Park', customerPhone: '2155550103', customerEmail: 'cleo@example.com' });
    const found = await lookup('phone', '2155550103');
    expect([...found.appointments, ...found.appointmentsNull]).toEqual([expect.objectContaining({ id: request, status: 'PENDING', awaitingApproval: true, signedIn: false })]);
    expect((await lookup('phone', '2155550101')).appointments).toEqual([expect.objectContaining({ id: ann, awaitingApproval: false, signedIn: false })]);
  });

  it('when an appointment was signed in already, then the door gets it marked signedIn', async () => {
    const dee = (await book({ date, customerId: 54, start: '04:00 pm', end: '04:45 pm' })).appointment.id;
    await setCustomer(dee, { customerFname: 'Dee', customerLname: 'Ray', customerPhone: '2155550104', customerEmail: 'dee@example.com' });
    await w.as(w.svc.keys.kiosk(w.store.id)).post('/api/sheet', { storeId: w.store.id, customer_name: 'Dee R.', date, arrived_time: '03:50 pm', appointment_id: dee }).expect(201);
    expect((await lookup('email', 'dee@example.com')).appointments).toEqual([expect.objectContaining({ id: dee, signedIn: true, awaitingApproval: false })]);
  });
});

describe('migrating appointments between staff (super admin)', () => {
  it("when the super admin migrates a staff member's appointments, then every one moves with its claims, and only the super admin may", async () => {
    const a = (await book({ date: '2033-01-31', staffId: w.staffIds.limited })).appointment;
    const b = (await book({ date: '2033-02-01', staffId: w.staffIds.limited })).appointment;
    const body = { storeId: w.store.id, source: w.staffIds.limited, dest: w.staffIds.superadmin };
    await w.as('owner').post('/api/migrateAppointments', body).expect(403);
    const theirs = await count(w, 'appointments', { storeId: w.store.id, staffId: w.staffIds.limited });
    expect(theirs).toBeGreaterThanOrEqual(2);
    const res = await w.as(w.superAdmin).post('/api/migrateAppointments', body).expect(200);
    expect(res.body).toEqual({ success: true, moved: theirs });
    expect(await count(w, 'appointments', { storeId: w.store.id, staffId: w.staffIds.limited })).toBe(0);
    const moved = await w.svc.db.collection('appointments').find({ _id: { $in: [a.id, b.id] } } as never).toArray();
    expect(moved.map((m) => m.staffId)).toEqual([w.staffIds.superadmin, w.staffIds.superadmin]);
    const claims = await w.svc.db.collection('appointment_claims').find({ holder: { $in: moved.map((m) => m.holdKey) } }).toArray();
    expect(new Set(claims.map((c) => c.staffId))).toEqual(new Set([w.staffIds.superadmin]));
    expect((await w.as(w.superAdmin).post('/api/migrateAppointments', { ...body, dest: 1111 }).expect(400)).body.field).toBe('dest');
    expect((await w.as(w.superAdmin).post('/api/migrateAppointments', { ...body, dest: body.source }).expect(400)).body.field).toBe('dest');
  });

  it('when the store id does not exist, the source and destination are the same, or one is not staff of the store, then the answer says so in words', async () => {
    const body = { storeId: w.store.id, source: w.staffIds.limited, dest: w.staffIds.superadmin };
    const noStore = await w.as(w.superAdmin).post('/api/migrateAppointments', { ...body, storeId: 999_999_999 }).expect(404);
    expect(noStore.body).toMatchObject({ code: 'notFound', message: MESSAGES.migrationStoreNotFound });
    const same = await w.as(w.superAdmin).post('/api/migrateAppointments', { ...body, dest: body.source }).expect(400);
    expect(same.body).toMatchObject({ field: 'dest', message: MESSAGES.migrationSameStaff });
    expect(same.body.message).not.toContain('must differ from source');
    const other = await w.as(w.superAdmin).post('/api/migrateAppointments', { ...body, source: 1111 }).expect(400);
    expect(other.body).toMatchObject({ field: 'source', message: MESSAGES.migrationSourceNotStaff });
  });
});
