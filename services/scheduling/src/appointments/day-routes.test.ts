import { deserialize } from 'node:v8';
import { gunzipSync, gzipSync } from 'node:zlib';
import mongoose, { mongo } from 'mongoose';
import request from 'supertest';
import type { BuiltService } from '@turnbook/service-kit';
import { startWorld, type World } from '../test/world';

let w: World;
let second: BuiltService;
beforeAll(async () => {
  w = await startWorld();
  second = await w.anotherInstance();
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await w?.stop();
});

const dayOff = (date: string, over: object = {}) => ({
  storeId: w.store.id, staffId: w.staffIds.staff, customerId: 0, serviceIds: '0', appointmentId: '', date,
  start: '09:00 am', end: '05:00 pm', note: '', createdBy: 1, modifiedBy: 1, ...over,
});
const onSecond = (url: string) => request(second.app).get(url).set('authorization', `Bearer ${w.tokens.owner}`);
const ids = (list: Array<{ id: number }>) => list.map((a) => a.id);
const waitFor = async (ok: () => Promise<boolean>) => {
  for (const until = Date.now() + 10_000; !(await ok());) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Books a day off on `date` and waits until the writing instance has kept the day's copy under the day's stamp. */
async function bookedAndKept(date: string) {
  const key = `${w.store.id}:${date}`;
  const made = (await w.as('owner').post('/api/appointment', dayOff(date)).expect(201)).body.appointment;
  const copies = w.svc.db.collection('appointment_day_copies');
  const stampOf = async () => ((await w.svc.db.collection('appointment_day_stamps').findOne({ _id: key } as never)) as { v?: string } | null)?.v;
  await waitFor(async () => ((await copies.findOne({ _id: key } as never)) as { v?: string } | null)?.v === `v8gz:${await stampOf()}`);
  const kept = (await copies.findOne({ _id: key } as never)) as unknown as { docs: mongo.Binary };
  return { made, key, copies, stampOf, kept };
}
/** How often the day was read from the appointments themselves, among the finds a spy saw. */
const loadsOfDay = (finds: jest.SpiedFunction<typeof mongoose.Model.find>, date: string) => finds.mock.calls.filter(([filter]) => (filter as { date?: unknown } | undefined)?.date === date).length;

describe('a store day', () => {
  it('when the day is read, then its appointments come grouped and by start time, with staff name and sale for the owner', async () => {
    await w.svc.db.collection('appointments').insertOne({ _id: 970001, storeId: w.store.id, staffId: 8888, customerId: 5, serviceIds: '1', date: '2031-03-03', start: '10:00 am', end: '11:00 am', startMin: 600, endMin: 660, status: 'ON' } as never);
    await w.svc.db.collection('appointments').insertOne({ _id: 970002, storeId: w.store.id, staffId: 9999, customerId: 5, serviceIds: '1', date: '2031-03-03', start: '10:00 am', end: '11:00 am', startMin: 600, endMin: 660, status: 'ON' } as never);
    await w.svc.db.collection('appointments').insertOne({ _id: 970003, storeId: w.store.id, staffId: w.staffIds.staff, customerId: 5, serviceIds: '1', date: '2031-03-03', start: '10:00 am', end: '11:00 am', startMin: 600, endMin: 660, status: 'CANCEL' } as never);
    // Written straight to the database (no stamp change): the service's own writes below mark the day.
    const late = (await w.as('owner').post('/api/appointment', dayOff('2031-03-03', { start: '01:00 pm' })).expect(201)).body.appointment;
    const early = (await w.as('owner').post('/api/appointment', dayOff('2031-03-03', { staffId: w.staffIds.admin, start: '08:00 am' })).expect(201)).body.appointment;

    const day = (await w.as('owner').get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/2031-03-03`).expect(200)).body;
    expect(ids(day.appointments)).toEqual([early.id, late.id]);
    expect(day.appointments[0]).toMatchObject({ userFname: 'admin', sale: 0 });
    expect(ids(day.appointmentsOnline)).toEqual([970001]);
    expect(ids(day.appointmentsNull)).toEqual([970002]);
    expect(ids(day.appointmentsCancel)).toEqual([970003]);
  });

  it('when one instance answered a write, then a read answered by another instance right after sees it', async () => {
    const date = '2031-04-04';
    expect(ids((await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body.appointments)).toEqual([]);
    const made = (await w.as('owner').post('/api/appointment', dayOff(date)).expect(201)).body.appointment;
    expect(ids((await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body.appointments)).toEqual([made.id]);

    await w.as('owner').patch(`/api/appointment/${made.id}`, { date: '2031-04-05' }).expect(200);
    expect((await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body.appointments).toEqual([]);
    expect(ids((await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/2031-04-05`).expect(200)).body.appointments)).toEqual([made.id]);

    await w.as('owner').delete(`/api/appointment/${made.id}`).expect(200);
    expect((await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/2031-04-05`).expect(200)).body.appointments).toEqual([]);
  });

  it("when one instance has loaded a day, then another instance's first read takes the day's copy kept under the same stamp, not the appointments; after a write, the new state", async () => {
    const date = '2031-04-14';
    // The writing instance reloads the day after its write and keeps the load in the database.
    const { made } = await bookedAndKept(date);
    const fromTheWriter = (await w.as('owner').get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body;

    const finds = jest.spyOn(mongoose.Model, 'find');
    const dayLoads = () => loadsOfDay(finds, date);
    try {
      const first = (await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body;
      expect(ids(first.appointments)).toEqual([made.id]);
      expect(first.appointments[0]).toMatchObject({ start: '09:00 am', end: '05:00 pm', staffId: w.staffIds.staff });
      expect(first).toEqual(fromTheWriter); // the copy's bytes give back the very day the load had (Dates too)
      expect(dayLoads()).toBe(0);

      await w.as('owner').patch(`/api/appointment/${made.id}`, { start: '10:00 am' }).expect(200);
      const after = (await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body;
      expect(after.appointments[0]).toMatchObject({ id: made.id, start: '10:00 am' });
    } finally {
      finds.mockRestore();
    }
  });

  it.each([
    ['gzipped BSON under gz: and the stamp', 'gz:', (docs: unknown[]) => gzipSync(mongo.BSON.serialize({ docs }))],
    ['plain BSON under the bare stamp', '', (docs: unknown[]) => Buffer.from(mongo.BSON.serialize({ docs }))],
  ])('when the copy of a day is one an earlier release kept (%s), then a first read takes it too', async (_name, prefix, encode) => {
    const date = prefix ? '2031-04-21' : '2031-04-22';
    const { made, key, copies, stampOf, kept } = await bookedAndKept(date);
    // as that release keeps it: the same day, in its bytes and under its mark
    const docs = deserialize(gunzipSync(kept.docs.buffer)) as unknown[];
    await copies.updateOne({ _id: key } as never, { $set: { v: `${prefix}${await stampOf()}`, docs: new mongo.Binary(encode(docs)) } });

    const finds = jest.spyOn(mongoose.Model, 'find');
    try {
      const first = (await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body;
      expect(ids(first.appointments)).toEqual([made.id]);
      expect(loadsOfDay(finds, date)).toBe(0);
    } finally {
      finds.mockRestore();
    }
  });

  it('when the copy a first read started beside the stamp is an older one, then the copy under the stamp is read again rather than the appointments', async () => {
    const date = '2031-04-23';
    const { made, kept } = await bookedAndKept(date);
    // The early read finds the copy under an older stamp (as when the writer had not kept its new one yet).
    const Copy = second.db.models.AppointmentDayCopy as unknown as { findById: (id: string) => unknown };
    const findById = Copy.findById;
    let reads = 0;
    Copy.findById = function (this: unknown, id: string) {
      if (++reads === 1) return { lean: () => ({ exec: async () => ({ v: 'v8gz:an-older-stamp', docs: kept.docs.buffer }) }) };
      return findById.call(this, id);
    };
    const finds = jest.spyOn(mongoose.Model, 'find');
    try {
      const first = (await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body;
      expect(ids(first.appointments)).toEqual([made.id]);
      expect(reads).toBe(2);
      expect(loadsOfDay(finds, date)).toBe(0);
    } finally {
      finds.mockRestore();
      Copy.findById = findById;
    }
  });

  it('when someone outside the store or a bad date asks, then it answers 403/404 or 400 naming the field', async () => {
    expect([403, 404]).toContain((await w.as('other').get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/2031-03-03`)).status);
    await w.as('none').get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/2031-03-03`).expect(401);
    const bad = await w.as('owner').get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/03-03-2031`).expect(400);
    expect(bad.body.field).toBe('date');
  });

  it("when a limited staff member reads a day ahead, then every column comes as a staff member reads it", async () => {
    await w.as('owner').post('/api/appointment', dayOff('2031-05-05', { staffId: w.staffIds.limited })).expect(201);
    await w.as('owner').post('/api/appointment', dayOff('2031-05-05', { staffId: w.staffIds.staff })).expect(201);
    const read = async (who: 'limited' | 'staff') =>
      ((await w.as(who).get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/2031-05-05`).expect(200)).body.appointments as Array<{ staffId: number; serviceIds: string; start: string; end: string }>)
        .map((a) => [a.staffId, a.serviceIds, a.start, a.end]);
    const seen = await read('limited');
    expect(seen.map(([staffId]) => staffId).sort()).toEqual([w.staffIds.limited, w.staffIds.staff].sort());
    expect(seen).toEqual(await read('staff'));
  });

  it('when a staff member is archived on one instance, then another instance refuses their day read at once, and lets them back when restored', async () => {
    const url = `/api/getAppointmentsByStoreIdAndDate/${w.store.id}/2031-06-06`;
    const asStaff = () => request(second.app).get(url).set('authorization', `Bearer ${w.tokens.staff}`);
    await asStaff().expect(200);
    await w.as('owner').get(`/api/removeEmployee/${w.staffIds.staff}`).expect(200);
    expect([403, 404]).toContain((await asStaff()).status);
    await w.as('owner').get(`/api/restoreEmployee/${w.staffIds.staff}`).expect(200);
    await asStaff().expect(200);
  });

  it("when a day is read, then the store's config stamp, the day's stamp and its copy are each read once (the router and the handler join the reads started as the request arrived)", async () => {
    const date = '2031-04-24';
    await bookedAndKept(date);
    const models = second.db.models as Record<string, { findById: (...a: unknown[]) => unknown }>;
    const counted = ['StoreConfigStamp', 'AppointmentDayStamp', 'AppointmentDayCopy'];
    const originals = counted.map((name) => models[name].findById);
    const reads: Record<string, number> = {};
    counted.forEach((name, i) => {
      models[name].findById = function (this: unknown, ...args: unknown[]) {
        reads[name] = (reads[name] ?? 0) + 1;
        return originals[i].apply(this, args);
      };
    });
    try {
      await onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200);
      expect(reads).toEqual({ StoreConfigStamp: 1, AppointmentDayStamp: 1, AppointmentDayCopy: 1 });
    } finally {
      counted.forEach((name, i) => (models[name].findById = originals[i]));
    }
  });

  it('when many screens read the same day at once, then each gets the whole day, the same for the same role, gzip when asked', async () => {
    const date = '2031-07-07';
    // Three records: an answer large enough to be worth compressing.
    for (const staffId of [w.staffIds.staff, w.staffIds.admin, w.staffIds.limited]) await w.as('owner').post('/api/appointment', dayOff(date, { staffId })).expect(201);
    const reads = await Promise.all(Array.from({ length: 30 }, (_, i) => onSecond(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).set('accept-encoding', i % 2 ? 'gzip' : 'identity').expect(200)));
    const days = reads.map((r) => r.body);
    expect(days[0].appointments).toHaveLength(3);
    expect(days.every((d) => JSON.stringify(d) === JSON.stringify(days[0]))).toBe(true);
    expect(reads.filter((r) => r.headers['content-encoding'] === 'gzip')).toHaveLength(15);
  });

  describe("the managers' answer kept for the other instances", () => {
    const answers = () => w.svc.db.collection('appointment_day_answers');
    const dayUrl = (date: string) => `/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`;
    /** A day with three records (an answer large enough to be gzipped), read once on the first instance as its owner. */
    async function readOnFirst(date: string) {
      for (const staffId of [w.staffIds.staff, w.staffIds.admin, w.staffIds.limited]) await w.as('owner').post('/api/appointment', dayOff(date, { staffId })).expect(201);
      const first = await w.as('owner').get(dayUrl(date)).expect(200);
      await waitFor(async () => !!(await answers().findOne({ _id: `${w.store.id}:${date}` } as never)));
      return first;
    }

    it("when a manager reads a day on one instance, then another instance's first read of it sends the answer kept, as it is", async () => {
      const date = '2031-08-04';
      const first = await readOnFirst(date);
      // Marked, so the answer can be told from one built again: only a kept answer carries this ETag.
      await answers().updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { etag: 'W/"kept-answer"' } });
      const other = await onSecond(dayUrl(date)).set('accept-encoding', 'gzip').expect(200);
      expect(other.headers.etag).toBe('W/"kept-answer"');
      expect(other.body).toEqual(first.body);
      // A client that does not take gzip gets the same JSON, inflated from it; and the next reads there take it from memory.
      const again = await onSecond(dayUrl(date)).set('accept-encoding', 'identity').expect(200);
      expect([again.headers.etag, again.body]).toEqual(['W/"kept-answer"', first.body]);
    });

    it('when the day changed after its answer was kept, then the other instance builds the new day rather than send the old answer', async () => {
      const date = '2031-08-05';
      await readOnFirst(date);
      await answers().updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { etag: 'W/"kept-answer"' } });
      const late = (await w.as('owner').post('/api/appointment', dayOff(date, { start: '06:00 pm', end: '07:00 pm' })).expect(201)).body.appointment;
      const other = await onSecond(dayUrl(date)).expect(200);
      expect(other.headers.etag).not.toBe('W/"kept-answer"');
      expect(ids(other.body.appointments)).toContain(late.id);
    });

    it("when the store's staff changed after the answer was kept, then the other instance builds the day with them", async () => {
      const date = '2031-08-07';
      await readOnFirst(date);
      await answers().updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { etag: 'W/"kept-answer"' } });
      await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname: `New${date}`, storeId: w.store.id }).expect(201);
      const other = await onSecond(dayUrl(date)).expect(200);
      expect(other.headers.etag).not.toBe('W/"kept-answer"');
    });

    it("when a staff member reads the day on the other instance, then they never get the managers' answer", async () => {
      const date = '2031-08-06';
      await readOnFirst(date);
      await answers().updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { etag: 'W/"kept-answer"' } });
      const asStaff = await request(second.app).get(dayUrl(date)).set('authorization', `Bearer ${w.tokens.staff}`).expect(200);
      expect(asStaff.headers.etag).not.toBe('W/"kept-answer"');
    });
  });
});
