import { MESSAGES } from '@turnbook/contracts';
import { todayIn } from '@turnbook/domain';
import { startWorld, type World } from '../test/world';

let w: World;
let gel: number;
let polish: number;
let desk: string;
let kiosk: string;
const DATE = '2031-07-01';

beforeAll(async () => {
  w = await startWorld();
  gel = await w.addGel();
  polish = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Polish Change', duration: 15, price: 12, icon: '3', type: 'ALL' }).expect(201)).body.service.id;
  desk = w.svc.keys.store(w.store.id);
  kiosk = w.svc.keys.kiosk(w.store.id);
}, 60_000);
afterAll(async () => w?.stop());

const sheetOn = async (date: string, over: object = {}) =>
  (await w.as(kiosk).post('/api/sheet', { storeId: w.store.id, customer_name: 'Walk In', date, arrived_time: '10:00 am', service_by_customer: 'Gel Manicure', ...over }).expect(201)).body.sheet;
const checkIn = (sheetId: number, staffId: number) => w.as(desk).patch(`/api/sheet/${sheetId}`, { staffId: `${staffId}`, staff_fname: 'x', checked: '10:15 am' });
const turnsOn = async (date: string) => (await w.as('staff').get(`/api/getTurnsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body.turns;

describe('the day of turns', () => {
  it('when the day is created, then it starts empty (201) and a second create answers the same record (200)', async () => {
    const first = await w.as('staff').post('/api/createTurn', { storeId: w.store.id, date: DATE, staffIds: '[]' }).expect(201);
    expect(first.body.turn).toMatchObject({ storeId: w.store.id, date: DATE, staffIds: [], standing: [], seq: 1 });
    const again = await w.as(desk).post('/api/createTurn', { storeId: w.store.id, date: DATE, staffIds: [] }).expect(200);
    expect(again.body.turn.id).toBe(first.body.turn.id);
  });

  it('when two staff members are checked in at the same moment, then both land at the end of the list (no lost update)', async () => {
    const date = '2031-07-02';
    const [a, b] = [await sheetOn(date), await sheetOn(date)];
    const [ra, rb] = await Promise.all([checkIn(a.id, w.staffIds.admin), checkIn(b.id, w.staffIds.staff)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const [turn] = await turnsOn(date);
    expect([...turn.staffIds].sort()).toEqual(['admin', 'staff']);
    const seqs = (await w.svc.db.collection('turn_log').find({ storeId: w.store.id, date }).toArray()).map((e) => e.seq).sort();
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('when many check-ins race on one day, then every one is in the log with its own seq', async () => {
    const date = '2031-07-03';
    const sheets = [];
    for (let i = 0; i < 6; i++) sheets.push(await sheetOn(date));
    const staff = [w.staffIds.admin, w.staffIds.staff, w.staffIds.superadmin];
    const res = await Promise.all(sheets.map((s, i) => checkIn(s.id, staff[i % 3])));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const checkins = await w.svc.db.collection('turn_log').countDocuments({ storeId: w.store.id, date, kind: 'checkin' });
    expect(checkins).toBe(6);
    expect(await w.svc.db.collection('turns').countDocuments({ storeId: w.store.id, date })).toBe(1);
    const [turn] = await turnsOn(date);
    expect(turn.standing.map((s: { turns: number }) => s.turns)).toEqual([2, 2, 2]);
  });

  it('when two front desks check the same customer in at the same moment, then one is saved, the other is told (409), and one turn is taken', async () => {
    const date = '2031-07-24';
    const sheet = await sheetOn(date);
    const res = await Promise.all([checkIn(sheet.id, w.staffIds.admin), checkIn(sheet.id, w.staffIds.staff)]);
    expect(res.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(res.find((r) => r.status === 409)!.body).toMatchObject({ code: 'conflict', message: MESSAGES.sheetCheckedInElsewhere });
    expect(await w.svc.db.collection('turn_log').countDocuments({ storeId: w.store.id, date, kind: 'checkin' })).toBe(1);
  });

  it('when a manager reorders with a reason, then the order is saved and the history says who, when and why; staff may not reorder', async () => {
    const [turn] = await turnsOn('2031-07-02');
    await w.as('staff').post('/api/updateTurn', { id: turn.id, staffIds: ['staff', 'admin'] }).expect(403);
    await w.as(desk).post('/api/updateTurn', { id: turn.id, staffIds: ['staff', 'admin'] }).expect(403);
    const res = await w.as('admin').post('/api/updateTurn', { id: turn.id, staffIds: JSON.stringify(['staff', 'admin']), reason: 'admin stepped out' }).expect(200);
    expect(res.body.turn.staffIds).toEqual(['staff', 'admin']);
    await w.as('owner').post('/api/updateTurn', { id: turn.id, staffIds: ['admin', 'staff'] }).expect(200);
    const { entries } = (await w.as('owner').get(`/api/getTurnHistory/${w.store.id}/2031-07-02`).expect(200)).body;
    const reorders = entries.filter((e: { kind: string }) => e.kind === 'reorder');
    expect(reorders).toEqual([
      expect.objectContaining({ by: { id: w.ids.admin, name: 'admin' }, reason: 'admin stepped out', order: ['staff', 'admin'] }),
      expect.objectContaining({ by: { id: w.ids.owner, name: 'owner' }, reason: null, order: ['admin', 'staff'] }),
    ]);
    // A check-in racing the day's creation may take seq 1 before 'created' (the fold keeps its place): the day
    // starts empty, so 'created' leaves the order the entries before it left (none: an empty list).
    type Entry = { kind: string; seq: number; order: string[] };
    const created = (entries as Entry[]).find((e) => e.kind === 'created')!;
    const before = (entries as Entry[]).filter((e) => e.seq < created.seq).sort((x, y) => x.seq - y.seq).at(-1);
    expect(created.order).toEqual(before?.order ?? []);
    await w.as('staff').get(`/api/getTurnHistory/${w.store.id}/2031-07-02`).expect(403);
    await w.as(desk).get(`/api/getTurnHistory/${w.store.id}/2031-07-02`).expect(403);
  });

  it("when a reorder names someone who is not the store's staff, then it answers 400 naming staffIds and the order stays", async () => {
    const [turn] = await turnsOn('2031-07-02');
    const res = await w.as('owner').post('/api/updateTurn', { id: turn.id, staffIds: ['admin', 'bogus'] }).expect(400);
    expect(res.body).toMatchObject({ field: 'staffIds', message: "staffIds: 'bogus' is not a staff member of this store" });
    expect((await turnsOn('2031-07-02'))[0].staffIds).toEqual(turn.staffIds);
  });

  it("when another store's owner touches this store's turns, then they are refused", async () => {
    const [turn] = await turnsOn('2031-07-02');
    const statuses = [
      (await w.as('other').post('/api/updateTurn', { id: turn.id, staffIds: [] })).status,
      (await w.as('other').get(`/api/getTurnsByStoreIdAndDate/${w.store.id}/2031-07-02`)).status,
      (await w.as('owner').post('/api/updateTurn', { id: 987654321, staffIds: [] })).status,
    ];
    expect(statuses).toEqual([403, 403, 404]);
    expect((await turnsOn('2031-07-02'))[0].staffIds).toEqual(turn.staffIds);
  });

  it('when turn input is bad, then it is 400 naming the field', async () => {
    const bad = await w.as('owner').post('/api/createTurn', { storeId: w.store.id, date: 'tomorrow' }).expect(400);
    expect(bad.body.field).toBe('date');
    const [turn] = await turnsOn('2031-07-02');
    const notJson = await w.as('owner').post('/api/updateTurn', { id: turn.id, staffIds: '[oops' }).expect(400);
    expect(notJson.body.field).toBe('staffIds');
  });
});

describe('the turn policy', () => {
  it('when nobody set it, then it is the spec rule; the owner changes it, others may not, bad values are 400 naming the field', async () => {
    const read = await w.as(desk).get(`/api/getTurnPolicy/${w.store.id}`).expect(200);
    expect(read.body.policy).toEqual({ rotation: 'spec', halfTurnBelowCents: null, countAppointments: true, countRequested: true, skipBusy: false, skipUnskilled: false });
    const policy = { rotation: 'spec', halfTurnBelowCents: 3000, countAppointments: true, countRequested: false, skipBusy: false, skipUnskilled: true };
    await w.as('admin').put(`/api/turnPolicy/${w.store.id}`, policy).expect(403);
    await w.as(desk).put(`/api/turnPolicy/${w.store.id}`, policy).expect(403);
    expect((await w.as('owner').put(`/api/turnPolicy/${w.store.id}`, policy).expect(200)).body.policy).toEqual(policy);
    const bad = await w.as('owner').put(`/api/turnPolicy/${w.store.id}`, { ...policy, rotation: 'random' }).expect(400);
    expect(bad.body.field).toBe('rotation');
  });

  it('when a cheap service is checked in under a $30 threshold, then it is a half turn; two halves move the staff member', async () => {
    const date = '2031-07-04';
    await w.as('owner').post('/api/createTurn', { storeId: w.store.id, date, staffIds: ['staff', 'admin'] }).expect(201);
    const cheap = () => sheetOn(date, { service_by_customer: 'Polish Change' });
    const first = await checkIn((await cheap()).id, w.staffIds.staff);
    expect(first.body.sheet.turnWeight).toBe(0.5);
    expect((await turnsOn(date))[0].staffIds).toEqual(['staff', 'admin']);
    await checkIn((await cheap()).id, w.staffIds.staff).expect(200);
    expect((await turnsOn(date))[0].staffIds).toEqual(['admin', 'staff']);
    expect((await turnsOn(date))[0].standing).toEqual([{ name: 'admin', staffId: w.staffIds.admin, turns: 0 }, { name: 'staff', staffId: w.staffIds.staff, turns: 1 }]);
  });

  it('when a walk-in asked for the staff member and requests do not count, then the check-in is not counted', async () => {
    const date = '2031-07-05';
    const sheet = await sheetOn(date, { staff_by_customer: 'admin' });
    expect((await checkIn(sheet.id, w.staffIds.admin).expect(200)).body.sheet.turnWeight).toBe(0);
  });

  it('when skills are set, then the manager sets them, unknown services are 400 and suggest-next skips who does not do the service', async () => {
    await w.as('staff').put(`/api/staffSkills/${w.staffIds.staff}`, { serviceIds: [polish] }).expect(403);
    await w.as('admin').put(`/api/staffSkills/${w.staffIds.staff}`, { serviceIds: [polish] }).expect(200);
    const bad = await w.as('owner').put(`/api/staffSkills/${w.staffIds.staff}`, { serviceIds: [987654] }).expect(400);
    expect(bad.body.field).toBe('serviceIds');
    const { skills } = (await w.as(desk).get(`/api/getStaffSkills/${w.store.id}`).expect(200)).body;
    expect(skills).toContainEqual({ staffId: w.staffIds.staff, serviceIds: [polish] });
    const date = todayIn('America/New_York');
    const res = await w.as(desk).get(`/api/suggestNextStaff/${w.store.id}/${date}?serviceIds=${gel}`).expect(200);
    expect(res.body.skipped).toContainEqual({ staffId: w.staffIds.staff, name: 'staff', reason: 'does not do Gel Manicure' });
    expect(res.body.suggestions.map((s: { staffId: number }) => s.staffId)).not.toContain(w.staffIds.staff);
    const bad2 = await w.as(desk).get(`/api/suggestNextStaff/${w.store.id}/${date}?serviceIds=abc`).expect(400);
    expect(bad2.body.field).toBe('serviceIds');
    await w.as(kiosk).get(`/api/suggestNextStaff/${w.store.id}/${date}`).expect(403);
  });
});
