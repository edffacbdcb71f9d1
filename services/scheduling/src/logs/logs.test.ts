import { DateTime } from 'luxon';
import { MESSAGES } from '@turnbook/contracts';
import { count, ROLES, startWorld, type World } from '../test/world';

let w: World;
let gel: number;
let booked: { id: number };

beforeAll(async () => {
  w = await startWorld();
  gel = await w.addGel();
  booked = (await w.as('staff').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.staff, customerId: 9, serviceIds: `${gel}`, date: '2031-11-03', start: '10:00 am', end: '10:45 am' }).expect(201)).body.appointment;
  await w.as('owner').get(`/api/cancelAppointment/${booked.id}`).expect(200);
}, 60_000);
afterAll(async () => w?.stop());

/** An online request on the next Monday (the test store opens 10 am to 6 pm), made by a guest of the booking flow. */
async function onlineRequest(guest: { userId: number; customerId: number }, start: string, end: string): Promise<{ id: number }> {
  let d = DateTime.now().setZone('America/New_York').plus({ days: 2 });
  while (d.weekday !== 1) d = d.plus({ days: 1 });
  const body = { storeId: w.store.id, staffId: 8888, customerId: guest.customerId, userId: guest.userId, serviceIds: `${gel}`, date: d.toISODate(), start, end };
  return (await w.svc.http().post('/api/public_bookAppointmentOnline').send(body).expect(201)).body.appointment;
}

describe('the activity log', () => {
  it("when an appointment's History is read, then its entries come oldest first with who did each", async () => {
    const logs = (await w.as('staff').get(`/api/getStoreLogsByAppointmentId/${booked.id}`).expect(200)).body.logs;
    expect(logs.map((l: { text: string; createdBy: number }) => [l.text, l.createdBy])).toEqual([
      ['Appointment created 2031-11-03 10:00 am - 10:45 am', w.ids.staff],
      ['Appointment cancelled', w.ids.owner],
    ]);
    expect(JSON.parse(logs[0].appointment_log)).toMatchObject({ id: booked.id, status: 'ON' });
  });

  it('when an entry is marked read, then it is read for that user only', async () => {
    const [entry] = (await w.as('owner').get(`/api/getStoreLogs/${w.store.id}`).expect(200)).body.logs;
    expect(entry.read).toBe(false);
    expect((await w.as('owner').post('/api/markRead', { log_id: entry.id, user_id: 1 }).expect(200)).body.log).toMatchObject({ read: true, userIds: `${w.ids.owner}` });
    await w.as('owner').post('/api/markRead', { log_id: entry.id }).expect(200);
    const again = (await w.as('owner').get(`/api/getStoreLogs/${w.store.id}`).expect(200)).body.logs[0];
    expect(again).toMatchObject({ id: entry.id, read: true, userIds: `${w.ids.owner}` });
    expect((await w.as('superadmin').get(`/api/getStoreLogs/${w.store.id}`).expect(200)).body.logs[0].read).toBe(false);
    await w.as('other').post('/api/markRead', { log_id: entry.id }).expect(403);
  });

  it("when each role reads the store's log, then only the owner and superadmin (and the super admin) may", async () => {
    const got: Record<string, number> = {};
    for (const r of ROLES) got[r] = (await w.as(r).get(`/api/getStoreLogs/${w.store.id}`)).status;
    expect(got).toEqual({ owner: 200, superadmin: 200, admin: 403, staff: 403, limited: 403, other: 403, customer: 403, none: 401 });
  });

  it('when the calendar writes an entry, then it is kept with the caller; an appointment of another store is refused', async () => {
    const res = await w.as('admin').post('/api/create-log', { storeId: w.store.id, appointmentId: booked.id, text: 'Sent reminder', appointment_log: { id: booked.id } }).expect(201);
    expect(res.body.log).toMatchObject({ text: 'Sent reminder', createdBy: w.ids.admin, appointment_log: JSON.stringify({ id: booked.id }) });
    const theirs = (await w.as('other').post('/api/appointment', { storeId: w.otherStore.id, staffId: 0, customerId: 9, serviceIds: '0', date: '2031-11-03', start: '10:00 am', end: '11:00 am' })).body.appointment;
    const before = await count(w, 'logs');
    expect((await w.as('owner').post('/api/create-log', { storeId: w.store.id, appointmentId: theirs?.id ?? 123456789, text: 'x' }).expect(400)).body.field).toBe('appointmentId');
    expect((await w.as('owner').post('/api/create-log', { storeId: w.store.id, appointmentId: booked.id, text: '' }).expect(400)).body.field).toBe('text');
    expect(await count(w, 'logs')).toBe(before);
  });

  it('when the booking page logs its request, then it gets the id only; a staff booking cannot be logged from outside', async () => {
    const guest = w.guest();
    const req = await onlineRequest(guest, '11:00 am', '11:45 am');
    const res = await w.svc.http().post('/api/public_createLog').send({ storeId: w.store.id, appointmentId: req.id, text: 'Online request', userId: guest.userId }).expect(201);
    expect(res.body).toEqual({ log: { id: expect.any(Number) } });
    expect((await w.svc.http().post('/api/public_createLog').send({ storeId: w.store.id, appointmentId: booked.id, text: 'forged', userId: guest.userId }).expect(400)).body.field).toBe('appointmentId');
  });

  it("when someone logs on another visitor's request, or names no account, then it is refused and nothing is written", async () => {
    const owner = w.guest();
    const intruder = w.guest();
    const req = await onlineRequest(owner, '12:00 pm', '12:45 pm');
    const before = await count(w, 'logs');
    const forged = await w.svc.http().post('/api/public_createLog').send({ storeId: w.store.id, appointmentId: req.id, text: 'Cancelled by the customer', userId: intruder.userId }).expect(400);
    expect(forged.body.field).toBe('appointmentId');
    const anonymous = await w.svc.http().post('/api/public_createLog').send({ storeId: w.store.id, appointmentId: req.id, text: 'Cancelled by the customer' }).expect(400);
    expect(anonymous.body).toMatchObject({ field: 'userId', message: MESSAGES.accountRequired });
    const signedIn = await w.as('customer').post('/api/public_createLog', { storeId: w.store.id, appointmentId: req.id, text: 'Cancelled by the customer', userId: owner.userId }).expect(400);
    expect(signedIn.body.field).toBe('appointmentId');
    expect(await count(w, 'logs')).toBe(before);
  });

  it('when every booking action is done, then each writes one entry naming who did it (a deleted appointment keeps its entries in the store log)', async () => {
    const texts = async (id: number) => (await w.as('owner').get(`/api/getStoreLogsByAppointmentId/${id}`).expect(200)).body.logs.map((l: { text: string; createdBy: number }) => [l.text, l.createdBy]);
    const a = (await w.as('admin').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.staff, customerId: 12, serviceIds: `${gel}`, date: '2031-11-04', start: '10:00 am', end: '10:45 am' }).expect(201)).body.appointment;
    await w.as('staff').patch(`/api/appointment/${a.id}`, { start: '11:00 am' }).expect(200);
    await w.as('staff').patch(`/api/appointment/${a.id}`, { note: 'gel, short' }).expect(200);
    await w.as('owner').patch(`/api/appointment/${a.id}`, { sale: 40 }).expect(200);
    await w.as('admin').get(`/api/cancelAppointment/${a.id}`).expect(200);
    expect(await texts(a.id)).toEqual([
      ['Appointment created 2031-11-04 10:00 am - 10:45 am', w.ids.admin],
      ['Appointment moved to 2031-11-04 11:00 am - 11:45 am', w.ids.staff],
      ['Appointment updated', w.ids.staff],
      ['Appointment checked out (sale 40)', w.ids.owner],
      ['Appointment cancelled', w.ids.admin],
    ]);
    const b = (await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.admin, customerId: 13, serviceIds: `${gel}`, date: '2031-11-04', start: '01:00 pm', end: '01:45 pm' }).expect(201)).body.appointment;
    await w.as('superadmin').get(`/api/removeAppointment/${b.id}`).expect(200);
    const storeLog = (await w.as('owner').get(`/api/getStoreLogs/${w.store.id}`).expect(200)).body.logs.filter((l: { appointmentId: number }) => l.appointmentId === b.id);
    expect(storeLog.map((l: { text: string; createdBy: number }) => [l.text, l.createdBy])).toEqual([
      ['Appointment deleted', w.ids.superadmin],
      ['Appointment created 2031-11-04 01:00 pm - 01:45 pm', w.ids.owner],
    ]);
  });
});
