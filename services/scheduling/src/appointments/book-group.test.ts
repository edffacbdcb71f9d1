import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { collect } from '../test/events';
import { count, ROLES, startWorld, type World } from '../test/world';

let w: World;
let gel: number;

beforeAll(async () => {
  w = await startWorld();
  gel = await w.addGel();
}, 60_000);
afterAll(async () => w?.stop());

const member = (over: object = {}) => ({ staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel}`, start: '10:00 am', end: '10:45 am', note: 'group size: 3', ...over });
const group = (date: string, members: object[] = [member(), member({ staffId: w.staffIds.admin }), member({ customerId: 42 })]) => ({ storeId: w.store.id, members: members.map((m) => ({ date, ...m })) });
const onDay = (date: string) => count(w, 'appointments', { storeId: w.store.id, date });
const logsOn = async (date: string) => {
  const ids = (await w.svc.db.collection('appointments').find({ date }).toArray()).map((a) => a._id);
  return w.svc.db.collection('logs').countDocuments({ appointmentId: { $in: ids } });
};

describe('group booking in one call', () => {
  it('when a group of 3 is booked, then three appointments are written and answered in order, each with its log line and created event, and the group does not overlap itself', async () => {
    const events = collect<{ id: number }>(w.svc.bus.connection, `evt.appointment.${w.store.id}.created`);
    const res = await w.as('owner').post('/api/appointments/group', group('2031-08-04')).expect(201);
    const answers = res.body.appointments as Array<{ appointment: { id: number; staffId: number; customerId: number; createdBy: number }; overlaps?: unknown }>;
    expect(answers.map((a) => [a.appointment.staffId, a.appointment.customerId, a.appointment.createdBy])).toEqual([
      [w.staffIds.staff, 41, w.ids.owner],
      [w.staffIds.admin, 41, w.ids.owner],
      [w.staffIds.staff, 42, w.ids.owner],
    ]);
    // person 3 is at the same time as person 1 on the same staff member: booked together, not an overlap
    expect(answers.map((a) => a.overlaps)).toEqual([undefined, undefined, undefined]);
    for (const a of answers) await events.waitFor((d) => d.id === a.appointment.id);
    events.stop();
    expect(await onDay('2031-08-04')).toBe(3);
    expect(await logsOn('2031-08-04')).toBe(3);
  });

  it('when the same key is sent twice, then one write: the retry answers the first answer', async () => {
    const key = randomUUID();
    const first = await w.as('owner').post('/api/appointments/group', group('2031-08-05')).set('Idempotency-Key', key).expect(201);
    const again = await w.as('owner').post('/api/appointments/group', group('2031-08-05')).set('Idempotency-Key', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await onDay('2031-08-05')).toBe(3);
    expect(await logsOn('2031-08-05')).toBe(3);
  });

  it.each([
    ['members.2.staffId', { staffId: 1111 }],
    ['members.2.serviceIds', { serviceIds: '999999' }],
    ['members.2.date', { date: '2020-01-01' }],
    ['members.2.end', { start: '11:00 am', end: '10:00 am' }],
  ])('when member 3 is refused, then nothing is written and the answer names the field (%s) with the one booking\'s message', async (field, over) => {
    const before = await count(w, 'appointments');
    const res = await w.as('owner').post('/api/appointments/group', group('2033-02-07', [member(), member(), member(over)])).expect(400);
    expect(res.body.field).toBe(field);
    const single = await w.as('owner').post('/api/appointment', { storeId: w.store.id, date: '2033-02-07', ...member(over) }).expect(400);
    expect(res.body.message).toBe(single.body.message);
    expect(await count(w, 'appointments')).toBe(before);
  });

  it('when writing member 3 fails, then the two already written are removed before the answer, and a retry with the same key writes the group once', async () => {
    const model = w.svc.db.models.Appointment as Model<unknown>;
    const create = model.create.bind(model);
    let calls = 0;
    const spy = jest.spyOn(model, 'create').mockImplementation(((doc: unknown) => {
      calls += 1;
      if (calls === 3) return Promise.reject(new Error('the database went away'));
      return create(doc as never);
    }) as never);
    const key = randomUUID();
    try {
      await w.as('owner').post('/api/appointments/group', group('2033-02-08')).set('Idempotency-Key', key).expect(500);
    } finally {
      spy.mockRestore();
    }
    expect(await onDay('2033-02-08')).toBe(0);
    expect(await logsOn('2033-02-08')).toBe(0);
    const retry = await w.as('owner').post('/api/appointments/group', group('2033-02-08')).set('Idempotency-Key', key).expect(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body.appointments).toHaveLength(3);
    expect(await onDay('2033-02-08')).toBe(3);
  });

  it('when each role books a group, then the roles of POST appointment may; the kiosk only walk-ins', async () => {
    const got: Record<string, number> = {};
    for (const r of ROLES) got[r] = (await w.as(r).post('/api/appointments/group', group('2033-02-14', [member({ note: `by ${r}` })]))).status;
    expect(got).toEqual({ owner: 201, admin: 201, superadmin: 201, staff: 201, limited: 403, other: 403, customer: 403, none: 401 });
    const kiosk = w.svc.keys.kiosk(w.store.id);
    const walkIn = member({ staffId: 8888, status: 'PENDING' });
    await w.as(kiosk).post('/api/appointments/group', group('2031-08-09', [walkIn, member()])).expect(403);
    expect(await onDay('2031-08-09')).toBe(0);
    await w.as(kiosk).post('/api/appointments/group', group('2031-08-09', [walkIn, walkIn])).expect(201);
    expect(await onDay('2031-08-09')).toBe(2);
  });

  it('when a group names a day off or no one, then it is refused naming the field', async () => {
    expect((await w.as('owner').post('/api/appointments/group', group('2031-08-10', [member({ customerId: 0, serviceIds: '0' })])).expect(400)).body.field).toBe('members.0.serviceIds');
    expect((await w.as('owner').post('/api/appointments/group', group('2031-08-10', [])).expect(400)).body.field).toBe('members');
    expect(await onDay('2031-08-10')).toBe(0);
  });
});
