import { randomUUID } from 'node:crypto';
import { AppointmentDays } from './day-read-model';
import { appointmentModel } from './model';
import { startWorld, type World } from '../test/world';

// The days an instance keeps in memory are bounded by the appointments they hold (day-read-model.ts).
let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 60_000);
afterAll(async () => {
  await w?.stop();
});

let nextId = 990_000;
const appt = (date: string, startMin: number) => ({
  _id: ++nextId, storeId: w.store.id, staffId: w.staffIds.staff, customerId: 5, serviceIds: '1', services: [{ id: 1, name: 'Gel', price: 20, duration: 30 }],
  date, start: '10:00 am', end: '10:30 am', startMin, endMin: startMin + 30, status: 'ON', note: '',
});
/** A day of `n` appointments written straight to the database, with its stamp set as a write through the service would. */
async function day(date: string, n: number) {
  await w.svc.db.collection('appointments').insertMany(Array.from({ length: n }, (_, i) => appt(date, 540 + 30 * i)) as never[]);
  await w.svc.db.collection('appointment_day_stamps').updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { v: randomUUID() } }, { upsert: true });
}
/**
 * Reads of these test days that did not come from memory: loads from the appointments and reads of a day's
 * kept copy. Only calls about the 2036 days count: the models are the running service's too, and its own
 * jobs read appointments whenever they fire (on a slow hour, inside the window counted).
 */
function readsOutsideMemory(days: AppointmentDays) {
  const find = jest.spyOn(days.appointments, 'find');
  const copy = jest.spyOn(days.copies, 'findById');
  const ours = (arg: unknown) => JSON.stringify(arg ?? null).includes('2036-');
  return {
    count: () => find.mock.calls.filter(([filter]) => ours(filter)).length + copy.mock.calls.filter(([id]) => ours(id)).length,
    restore: () => [find, copy].forEach((s) => s.mockRestore()),
  };
}

it('when the days read hold more appointments than the bound, then the least recently read day goes and is read again; the others are answered from memory', async () => {
  await day('2036-03-02', 3);
  await day('2036-03-03', 3);
  await day('2036-03-04', 3);
  const days = new AppointmentDays(w.svc.db, appointmentModel(w.svc.db), undefined, 7);
  for (const date of ['2036-03-02', '2036-03-03']) expect(await days.read(w.store.id, date)).toHaveLength(3);
  await days.read(w.store.id, '2036-03-02'); // read again: 03-03 is now the least recently read
  expect(await days.read(w.store.id, '2036-03-04')).toHaveLength(3); // 9 > 7: 03-03 goes
  const outside = readsOutsideMemory(days);
  expect(await days.read(w.store.id, '2036-03-02')).toHaveLength(3);
  expect(await days.read(w.store.id, '2036-03-04')).toHaveLength(3);
  expect(outside.count()).toBe(0);
  expect(await days.read(w.store.id, '2036-03-03')).toHaveLength(3);
  expect(outside.count()).toBeGreaterThan(0);
  outside.restore();
});

it('when one day alone holds more than the bound, then it is still kept (the bound never empties the memory)', async () => {
  await day('2036-04-01', 5);
  const days = new AppointmentDays(w.svc.db, appointmentModel(w.svc.db), undefined, 2);
  expect(await days.read(w.store.id, '2036-04-01')).toHaveLength(5);
  const outside = readsOutsideMemory(days);
  expect(await days.read(w.store.id, '2036-04-01')).toHaveLength(5);
  expect(outside.count()).toBe(0);
  outside.restore();
});
