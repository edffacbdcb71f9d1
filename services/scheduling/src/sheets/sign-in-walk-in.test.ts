import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Model } from 'mongoose';
import { collect } from '../test/events';
import { startKioskWorld } from '../test/kiosk-world';
import { count, type World } from '../test/world';

let w: World;
let gel: number;
let kiosk: string;
let desk: string;
let today: string;

beforeAll(async () => {
  ({ w, gel, kiosk, desk, today } = await startKioskWorld());
}, 60_000);
afterAll(async () => w?.stop());

/** One person's sign-in as the kiosk's outbox sends it: the sheet and the walk-in to book. */
const command = (name: string, over: object = {}, walkIn: object = {}) => ({
  storeId: w.store.id, customer_name: name, customer_phone: '(215) 555-0161', service_by_customer: 'Gel Manicure', staff_by_customer: '',
  date: today, arrived_time: '11:07 am',
  walkIn: { customer: { fname: name.split(' ')[0], lname: name.split(' ')[1] ?? '', phone: '2155550161' }, serviceIds: `${gel}`, start: '11:07 am', end: '11:52 am', ...walkIn },
  ...over,
});
/** The store's next spring-forward day from tomorrow on (its clock shows no 2:00-2:59 am). */
const nextSpringForward = () => {
  let day = DateTime.now().setZone(String(w.store.timezone)).startOf('day').plus({ days: 1 });
  while (day.endOf('day').offset <= day.offset) day = day.plus({ days: 1 });
  return day;
};
const sheetsOf = (name: string) => count(w, 'sheets', { customer_name: name });
const walkInsOf = (customerId: number) => count(w, 'appointments', { customerId, date: today });

describe('walk-in sign-in in one call', () => {
  it("when the kiosk signs a walk-in in, then the customer is found or made, the PENDING walk-in appointment and the sheet are written and linked, and the answer gives the place in line", async () => {
    const events = collect<{ id: number }>(w.svc.bus.connection, `evt.appointment.${w.store.id}.created`);
    const res = await w.as(kiosk).post('/api/sheets/sign-in', command('Nora Walk')).expect(201);
    const { sheet, queue, appointmentId, customerId } = res.body;
    expect(customerId).toBe(w.customers.walkIns.get(`${w.store.id}:2155550161:nora walk`));
    expect(queue.place).toBeGreaterThanOrEqual(1);
    const appointment = (await w.as('owner').get(`/api/getAppointmentsById/${appointmentId}`).expect(200)).body.appointmentsOnline[0];
    // as POST appointment books a walk-in from the kiosk: nearest 15 minutes, same length, on the walk-in column
    expect(appointment).toMatchObject({ staffId: 8888, customerId, status: 'PENDING', start: '11:00 am', end: '11:45 am', note: 'Walk in', createdBy: 0, sheetId: sheet.id });
    expect(sheet).toMatchObject({ customer_name: 'Nora Walk', appointment_id: appointmentId });
    await events.waitFor((d) => d.id === appointmentId);
    events.stop();
    const bell = (await w.as('owner').get(`/api/getAppointmentsOnlineByStoreId/${w.store.id}`).expect(200)).body.appointments;
    expect(bell.map((a: { id: number }) => a.id)).not.toContain(appointmentId);
    expect(await w.svc.db.collection('logs').countDocuments({ appointmentId })).toBe(1);
  });

  it('when a walk-in is sent for 2:00 am on a spring-forward day (a time that never comes), then it starts at 3:00 am with the same length', async () => {
    const day = nextSpringForward();
    const res = await w.as(kiosk).post('/api/sheets/sign-in', command('Dee Spring', { date: day.toISODate(), arrived_time: '01:58 am' }, { start: '01:58 am', end: '02:43 am' })).expect(201);
    const appointment = (await w.as('owner').get(`/api/getAppointmentsById/${res.body.appointmentId}`).expect(200)).body.appointmentsOnline[0];
    expect(appointment).toMatchObject({ date: day.toISODate(), start: '03:00 am', end: '03:45 am', status: 'PENDING' });
  });

  it("when an old tablet sends a walk-in at 1:45 am on a spring-forward day with its end on paper (2:15 am, a time that never comes), then it is booked, ending 30 real minutes later at 3:15 am", async () => {
    const day = nextSpringForward();
    const res = await w.as(kiosk).post('/api/sheets/sign-in', command('Val Paper', { date: day.toISODate(), arrived_time: '01:44 am' }, { start: '01:44 am', end: '02:14 am' })).expect(201);
    const appointment = (await w.as('owner').get(`/api/getAppointmentsById/${res.body.appointmentId}`).expect(200)).body.appointmentsOnline[0];
    expect(appointment).toMatchObject({ date: day.toISODate(), start: '01:45 am', end: '03:15 am', status: 'PENDING' });
  });

  it('when the same key is sent twice, then one write: one appointment, one sheet, the first answer again', async () => {
    const key = randomUUID();
    const first = await w.as(kiosk).post('/api/sheets/sign-in', command('Otto Twice')).set('Idempotency-Key', key).expect(201);
    const again = await w.as(kiosk).post('/api/sheets/sign-in', command('Otto Twice')).set('Idempotency-Key', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await sheetsOf('Otto Twice')).toBe(1);
    expect(await walkInsOf(first.body.customerId)).toBe(1);
  });

  it("when the walk-in's booking is refused, then nothing is written and the answer names the field", async () => {
    const before = [await count(w, 'appointments'), await count(w, 'sheets')];
    const res = await w.as(kiosk).post('/api/sheets/sign-in', command('Pia Bad', {}, { serviceIds: '999999' })).expect(400);
    expect(res.body.field).toBe('walkIn.serviceIds');
    expect((await w.as(kiosk).post('/api/sheets/sign-in', command('Pia Bad', {}, { start: '' })).expect(400)).body.field).toBe('walkIn.start');
    expect((await w.as(kiosk).post('/api/sheets/sign-in', command('Pia Bad', {}, { start: '11:00 am', end: '10:00 am' })).expect(400)).body.field).toBe('walkIn.end');
    expect([await count(w, 'appointments'), await count(w, 'sheets')]).toEqual(before);
    expect(w.customers.walkIns.has(`${w.store.id}:2155550161:pia bad`)).toBe(false);
  });

  it('when the sheet cannot be written, then the appointment is taken back before the answer, and a retry with the same key writes each once', async () => {
    const model = w.svc.db.models.Sheet as Model<unknown>;
    const spy = jest.spyOn(model, 'create').mockImplementationOnce((() => Promise.reject(new Error('the database went away'))) as never);
    const key = randomUUID();
    try {
      await w.as(kiosk).post('/api/sheets/sign-in', command('Quin Fail')).set('Idempotency-Key', key).expect(500);
    } finally {
      spy.mockRestore();
    }
    const customerId = w.customers.walkIns.get(`${w.store.id}:2155550161:quin fail`)!;
    expect([await walkInsOf(customerId), await sheetsOf('Quin Fail')]).toEqual([0, 0]);
    const retry = await w.as(kiosk).post('/api/sheets/sign-in', command('Quin Fail')).set('Idempotency-Key', key).expect(201);
    expect(retry.body.customerId).toBe(customerId);
    expect([await walkInsOf(customerId), await sheetsOf('Quin Fail')]).toEqual([1, 1]);
  });

  it('when a booked appointment signs in (no walk-in to book), then only its sheet is written; limited staff may do that but not book a walk-in', async () => {
    const booked = (await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.staff, customerId: 77, serviceIds: `${gel}`, date: today, start: '11:00 pm', end: '11:45 pm' }).expect(201)).body.appointment;
    const res = await w.as(desk).post('/api/sheets/sign-in', { ...command('Rae Booked'), walkIn: undefined, appointment_id: booked.id }).expect(201);
    expect(res.body).toMatchObject({ appointmentId: booked.id, customerId: null, queue: null });
    expect(await w.as('limited').post('/api/sheets/sign-in', command('Sid Limited')).then((r) => r.status)).toBe(403);
    expect(await sheetsOf('Sid Limited')).toBe(0);
    expect((await w.as(desk).post('/api/sheets/sign-in', { ...command('Rae Booked'), appointment_id: booked.id }).expect(400)).body.field).toBe('appointment_id');
  });
});
