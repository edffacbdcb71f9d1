import { startWorld, type World } from '../test/world';

let w: World;
let gel: number;
let kiosk: string;
// A Monday: the store opens at 10:00 am, so the line of a later date starts then.
const MONDAY = '2031-07-07';

beforeAll(async () => {
  w = await startWorld();
  gel = await w.addGel();
  kiosk = w.svc.keys.kiosk(w.store.id);
}, 60_000);
afterAll(async () => w?.stop());

const walkIn = async (customerId: number) => {
  const appointment = (
    await w.as(kiosk).post('/api/appointment', { storeId: w.store.id, staffId: 8888, customerId, serviceIds: `${gel}`, date: MONDAY, start: '10:00 am', end: '10:45 am', note: 'Walk in', createdBy: 0, modifiedBy: 0, status: 'PENDING' }).expect(201)
  ).body.appointment;
  return (await w.as(kiosk).post('/api/sheet', { storeId: w.store.id, customer_name: `Guest ${customerId}`, date: MONDAY, arrived_time: '10:00 am', appointment_id: appointment.id }).expect(201)).body;
};
const queue = async () => (await w.as(kiosk).get(`/api/getQueueByStoreIdAndDate/${w.store.id}/${MONDAY}`).expect(200)).body;

describe('the line and the wait', () => {
  it('when more walk-ins wait than staff work, then the next ones wait for the first to finish, around booked time', async () => {
    // Four staff work (admin, superadmin, limited, staff); the owner books two of them at opening.
    for (const staffId of [w.staffIds.admin, w.staffIds.superadmin]) {
      await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId, customerId: 9, serviceIds: `${gel}`, date: MONDAY, start: '10:00 am', end: '11:00 am', createdBy: 0, modifiedBy: 0 }).expect(201);
    }
    const answers = [];
    for (const id of [1, 2, 3, 4]) answers.push((await walkIn(100 + id)).queue);
    expect(answers).toEqual([{ place: 1, waitMinutes: 0 }, { place: 2, waitMinutes: 0 }, { place: 3, waitMinutes: 45 }, { place: 4, waitMinutes: 45 }]);
    const q = await queue();
    expect(q.waiting).toBe(4);
    expect(q.places.map((p: { place: number }) => p.place)).toEqual([1, 2, 3, 4]);
    // Someone joining now: the two booked staff are free at 11:00, the others at 11:30.
    expect(q.waitMinutes).toBe(60);
  });

  it('when the first in line is checked in, then everyone moves up a place', async () => {
    const before = await queue();
    const first = before.places[0].sheetId;
    await w.as(w.svc.keys.store(w.store.id)).patch(`/api/sheet/${first}`, { staffId: `${w.staffIds.staff}`, checked: '10:05 am' }).expect(200);
    const after = await queue();
    expect(after.waiting).toBe(before.waiting - 1);
    expect(after.places.map((p: { sheetId: number }) => p.sheetId)).toEqual(before.places.slice(1).map((p: { sheetId: number }) => p.sheetId));
    expect(after.places[0].place).toBe(1);
  });

  it('when customers with a booked appointment sign in, then they are not in the walk-in line: no place for them, and the count and the wait are the walk-ins\' (their appointment is their staff member\'s booked time)', async () => {
    const before = await queue();
    // Three appointment holders sign in for the owner's bookings of the free staff member, 10:00 to 11:30.
    const starts = ['10:00 am', '10:30 am', '11:00 am'];
    for (const [i, start] of starts.entries()) {
      const end = ['10:30 am', '11:00 am', '11:30 am'][i];
      const booked = (await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.limited, customerId: 300 + i, serviceIds: `${gel}`, date: MONDAY, start, end }).expect(201)).body.appointment;
      const signed = (await w.as(kiosk).post('/api/sheet', { storeId: w.store.id, customer_name: `Booked ${i}`, date: MONDAY, arrived_time: '09:55 am', appointment_id: booked.id }).expect(201)).body;
      expect(signed.queue).toBeNull();
    }
    const after = await queue();
    expect(after.waiting).toBe(before.waiting);
    const line = (q: { places: Array<{ sheetId: number; place: number }> }) => q.places.map((p) => [p.sheetId, p.place]);
    expect(line(after)).toEqual(line(before));
    // The walk-in now signing in is placed after the walk-ins only; the limited staff member's bookings keep them busy.
    const next = (await walkIn(400)).queue;
    expect(next.place).toBe(before.waiting + 1);
    expect((await queue()).waiting).toBe(before.waiting + 1);
  });

  it("when a member of another store asks for this store's line, then it is refused; an unknown store is not found", async () => {
    const statuses = [
      (await w.as('other').get(`/api/getQueueByStoreIdAndDate/${w.store.id}/${MONDAY}`)).status,
      (await w.as(w.svc.keys.kiosk(w.otherStore.id)).get(`/api/getQueueByStoreIdAndDate/${w.store.id}/${MONDAY}`)).status,
      (await w.as('owner').get(`/api/getQueueByStoreIdAndDate/987654321/${MONDAY}`)).status,
    ];
    expect(statuses).toEqual([403, 403, 404]);
  });
});
