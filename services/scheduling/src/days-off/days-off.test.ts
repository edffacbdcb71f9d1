import request from 'supertest';
import { todayIn } from '@turnbook/domain';
import { collect, dyingAfterInsert } from '../test/events';
import { count, ROLES, startWorld, type Role, type World } from '../test/world';

let w: World;
let otherStaff: number;
beforeAll(async () => {
  w = await startWorld();
  otherStaff = (await w.as('other').post('/api/staff', { hasAccount: 'noAccount', nickname: 'Elsewhere', storeId: w.otherStore.id }).expect(201)).body.employee.id;
}, 60_000);
afterAll(async () => w?.stop());

const dayOff = (over: object = {}) => ({
  storeId: w.store.id, staffId: w.staffIds.staff, customerId: 0, serviceIds: '0', appointmentId: '', date: '2030-05-01',
  start: '09:00 am', end: '05:00 pm', note: '', createdBy: 1, modifiedBy: 1, ...over,
});

describe('days off', () => {
  it('when the owner adds a day off, then it is an appointment record with minutes, OFF note and an event', async () => {
    const events = collect<{ id: number; dayOff: boolean }>(w.svc.bus.connection, `evt.appointment.${w.store.id}.created`);
    const res = await w.as('owner').post('/api/appointment', dayOff({ start: '9:00 AM' })).expect(201);
    const a = res.body.appointment;
    expect(a).toMatchObject({
      id: expect.any(Number), storeId: w.store.id, staffId: w.staffIds.staff, customerId: 0, serviceIds: '0', services: [],
      date: '2030-05-01', start: '09:00 am', end: '05:00 pm', startMin: 540, endMin: 1020, note: 'OFF', status: 'ON',
      createdBy: w.ids.owner, modifiedBy: w.ids.owner, userFname: 'staff',
    });
    expect(await events.waitFor((d) => d.id === a.id)).toMatchObject({ dayOff: true, storeId: w.store.id });
    events.stop();
  });

  it('when a day off is edited, then date, times and note change; when deleted, then it is gone', async () => {
    const a = (await w.as('admin').post('/api/appointment', dayOff({ date: '2030-06-01' })).expect(201)).body.appointment;
    const res = await w.as('superadmin').patch(`/api/appointment/${a.id}`, { date: '2030-06-02', start: '12:00 pm', end: '11:30 pm', note: 'vacation', modifiedBy: 5 }).expect(200);
    expect(res.body.appointment).toMatchObject({ date: '2030-06-02', start: '12:00 pm', end: '11:30 pm', startMin: 720, endMin: 1410, note: 'vacation', modifiedBy: w.ids.superadmin });
    const deleted = collect<{ id: number }>(w.svc.bus.connection, `evt.appointment.${w.store.id}.deleted`);
    await w.as('owner').delete(`/api/appointment/${a.id}`).expect(200, { success: true });
    await deleted.waitFor((d) => d.id === a.id);
    deleted.stop();
    expect(await count(w, 'appointments', { _id: a.id })).toBe(0);
  });

  it('when the days off of a staff member are read, then the pto list has them in date order', async () => {
    const id = w.staffIds.limited;
    await w.as('owner').post('/api/appointment', dayOff({ staffId: id, date: '2030-07-03' })).expect(201);
    await w.as('owner').post('/api/appointment', dayOff({ staffId: id, date: '2030-07-01', start: '12:00 am', end: '11:30 pm' })).expect(201);
    const pto = (await w.as('limited').get(`/api/getPTOByEmployeeId/${id}`).expect(200)).body.pto;
    expect(pto.map((p: { date: string }) => p.date)).toEqual(['2030-07-01', '2030-07-03']);
    expect(pto.every((p: { staffId: number; customerId: number }) => p.staffId === id && p.customerId === 0)).toBe(true);
  });

  it('when the process dies right after a day off is inserted, then its appointment.created event was stored in the same write and still goes out', async () => {
    const bus = w.svc.bus;
    const events = collect<{ id: number; date: string }>(bus.connection, `evt.appointment.${w.store.id}.created`);
    await dyingAfterInsert(w.svc.db.models.Appointment, () => w.as('owner').post('/api/appointment', dayOff({ date: '2031-02-03' })).expect(500));
    const doc = await w.svc.db.collection('appointments').findOne({ storeId: w.store.id, date: '2031-02-03' });
    expect(Object.values((doc!._pendingEvents ?? {}) as object)).toContainEqual(
      expect.objectContaining({ type: 'appointment.created', data: expect.objectContaining({ id: doc!._id, dayOff: true }) }),
    );
    expect((await events.waitFor((d) => d.date === '2031-02-03')).id).toBe(doc!._id);
    events.stop();
  });

  it('when a day off is patched into a customer\'s appointment, then it answers 400 dayOffOnly and nothing changes', async () => {
    const a = (await w.as('owner').post('/api/appointment', dayOff({ date: '2030-08-02' })).expect(201)).body.appointment;
    const res = await w.as('owner').patch(`/api/appointment/${a.id}`, { customerId: 12, serviceIds: '3' }).expect(400);
    expect(res.body).toMatchObject({ code: 'dayOffOnly', field: 'serviceIds' });
    expect((await w.svc.db.collection('appointments').findOne({ _id: a.id } as never))?.customerId).toBe(0);
  });

  it.each([
    ['date', { date: '' }, 'Please select a date'],
    ['date', { date: undefined }, 'Please select a date'],
    ['date', { date: '05/01/2030' }, ''],
    ['start', { start: '' }, 'Please select a start time'],
    ['start', { start: undefined }, 'Please select a start time'],
    ['end', { end: '' }, 'Please select a end time'],
    ['end', { end: 'later' }, ''],
    ['end', { start: '05:00 pm', end: '09:00 am' }, 'end: must be after the start time'],
    ['staffId', { staffId: 8888 }, ''],
    ['staffId', { staffId: 'abc' }, ''],
    ['storeId', { storeId: undefined }, ''],
  ])('when a day off has a bad %s, then it answers 400 naming it and writes nothing', async (field, over, message) => {
    const before = await count(w, 'appointments');
    const res = await w.as('owner').post('/api/appointment', dayOff(over)).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toContain(message.startsWith(field) ? message : `${field}: ${message}`);
    expect(await count(w, 'appointments')).toBe(before);
  });

  it('when a day off is added for a day before today, then it answers 400 naming the date and writes nothing', async () => {
    const before = await count(w, 'appointments');
    const res = await w.as('owner').post('/api/appointment', dayOff({ date: '2020-01-02' })).expect(400);
    expect(res.body).toMatchObject({ field: 'date', message: 'date: A day off must be today or a later date' });
    expect(await count(w, 'appointments')).toBe(before);
  });

  it("when a day off is added for today in the store's zone, then it is taken", async () => {
    const today = todayIn(String(w.store.timezone));
    const res = await w.as('owner').post('/api/appointment', dayOff({ date: today, note: 'today off' })).expect(201);
    expect(res.body.appointment).toMatchObject({ date: today, note: 'today off' });
  });

  it('when a day off is moved to a day before today, then it answers 400 naming the date; its note can still change', async () => {
    const a = (await w.as('owner').post('/api/appointment', dayOff({ date: '2030-08-03' })).expect(201)).body.appointment;
    const res = await w.as('owner').patch(`/api/appointment/${a.id}`, { date: '2020-01-02' }).expect(400);
    expect(res.body).toMatchObject({ field: 'date', message: 'date: A day off must be today or a later date' });
    await w.as('owner').patch(`/api/appointment/${a.id}`, { date: '2030-08-03', note: 'moved back' }).expect(200);
  });

  it("when the staff id is another store's, then it is refused", async () => {
    const res = await w.as('owner').post('/api/appointment', dayOff({ staffId: otherStaff })).expect(400);
    expect(res.body.field).toBe('staffId');
  });

  it.each([
    ['end', { end: '08:00 am' }],
    ['date', { date: 'tomorrow' }],
    ['staffId', { staffId: 1111 }],
  ])('when an edit has a bad %s, then it answers 400 and nothing changes', async (field, body) => {
    const a = (await w.as('owner').post('/api/appointment', dayOff({ date: '2030-08-01' })).expect(201)).body.appointment;
    const before = await w.svc.db.collection('appointments').findOne({ _id: a.id } as never);
    const res = await w.as('owner').patch(`/api/appointment/${a.id}`, body).expect(400);
    expect(res.body.field).toBe(field);
    expect(await w.svc.db.collection('appointments').findOne({ _id: a.id } as never)).toEqual(before);
  });

  it('when a day off is reassigned on one instance and moved on another at once, then both are kept, every time', async () => {
    const second = await w.anotherInstance();
    try {
      const a = (await w.as('owner').post('/api/appointment', dayOff({ date: '2030-10-01' })).expect(201)).body.appointment;
      const theirs = (body: object) => request(second.app).patch(`/api/appointment/${a.id}`).set('authorization', `Bearer ${w.tokens.owner}`).send(body);
      for (let i = 0; i < 8; i++) {
        const staffId = [w.staffIds.admin, w.staffIds.staff][i % 2];
        const start = ['10:00 am', '11:00 am', '12:00 pm'][i % 3];
        const answers = await Promise.all([w.as('owner').patch(`/api/appointment/${a.id}`, { staffId }), theirs({ start, note: `round ${i}` })]);
        expect(answers.map((r) => r.status)).toEqual([200, 200]);
        const saved = await w.svc.db.collection('appointments').findOne({ _id: a.id } as never);
        expect([i, saved?.staffId, saved?.start, saved?.end, saved?.note]).toEqual([i, staffId, start, '05:00 pm', `round ${i}`]);
      }
    } finally {
      await second.stop();
    }
  });

  describe('access (the route table: add and edit for owner, admin or superadmin; the staff member reads their own)', () => {
    const managers = { owner: 201, admin: 201, superadmin: 201, limited: 403, staff: 403, other: 403, customer: 403, none: 401 };
    const managersOk = { ...managers, owner: 200, admin: 200, superadmin: 200 };

    it('when each role adds a day off, then only managers can', async () => {
      const got: Record<string, number> = {};
      for (const r of ROLES) got[r] = (await w.as(r).post('/api/appointment', dayOff({ date: '2030-09-01', note: `by ${r}` }))).status;
      expect(got).toEqual(managers);
    });

    it('when each role edits a day off, then only managers can', async () => {
      const a = (await w.as('owner').post('/api/appointment', dayOff({ date: '2030-09-02' })).expect(201)).body.appointment;
      const got: Record<string, number> = {};
      for (const r of ROLES) got[r] = (await w.as(r).patch(`/api/appointment/${a.id}`, { note: `by ${r}` })).status;
      expect(got).toEqual(managersOk);
    });

    it('when each role deletes a day off, then only managers can', async () => {
      const got: Record<string, number> = {};
      for (const r of ROLES) {
        const a = (await w.as('owner').post('/api/appointment', dayOff({ date: '2030-09-03' })).expect(201)).body.appointment;
        got[r] = (await w.as(r).delete(`/api/appointment/${a.id}`)).status;
      }
      expect(got).toEqual(managersOk);
    });

    it("when each role reads a staff member's days off, then managers and that staff member can", async () => {
      const expected: Record<Role, number> = { ...managersOk, staff: 200 };
      const got: Record<string, number> = {};
      for (const r of ROLES) got[r] = (await w.as(r).get(`/api/getPTOByEmployeeId/${w.staffIds.staff}`)).status;
      expect(got).toEqual(expected);
      // but not another staff member's
      await w.as('staff').get(`/api/getPTOByEmployeeId/${w.staffIds.limited}`).expect(403);
    });

    it("when our owner works with another store's days off, then nothing comes back or changes", async () => {
      const theirs = (await w.as('other').post('/api/appointment', dayOff({ storeId: w.otherStore.id, staffId: otherStaff })).expect(201)).body.appointment;
      const read = await w.as('owner').get(`/api/getPTOByEmployeeId/${otherStaff}`);
      expect(read.status).toBe(403);
      expect(read.body).not.toHaveProperty('pto');
      await w.as('owner').patch(`/api/appointment/${theirs.id}`, { note: 'mine' }).expect(403);
      await w.as('owner').delete(`/api/appointment/${theirs.id}`).expect(403);
      await w.as('owner').post('/api/appointment', dayOff({ storeId: w.otherStore.id, staffId: otherStaff })).expect(403);
      expect((await w.svc.db.collection('appointments').findOne({ _id: theirs.id } as never))?.note).toBe('OFF');
      await w.as('owner').patch('/api/appointment/123456789', { note: 'x' }).expect(404);
    });
  });
});
