import { startWorld, type World } from '../test/world';
import { buildReport, dayIncome, datesBetween } from './aggregate';

let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 60_000);
afterAll(async () => {
  await w?.stop();
});

let nextId = 980_000;
const service = (price: number) => ({ id: 1, name: 'Gel', price, duration: 30 });
/** An appointment written straight to the database, as the calendar keeps it. */
const appt = (date: string, over: Record<string, unknown> = {}) => ({
  _id: ++nextId, storeId: w.store.id, staffId: w.staffIds.staff, customerId: 5, serviceIds: '1', services: [service(27.5)],
  date, start: '10:00 am', end: '10:30 am', startMin: 600, endMin: 630, status: 'ON', sale: 0, note: '', ...over,
});
const waitFor = async (ok: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await ok()).toBe(true);
};
const insert = (...docs: object[]) => w.svc.db.collection('appointments').insertMany(docs as never[]);
const report = (query: string, role: Parameters<World['as']>[0] = 'owner', storeId = w.store.id) => w.as(role).get(`/api/getReportByStoreIdAndRange/${storeId}?${query}`);

describe('the report of a store', () => {
  it('when a range is asked, then each day has each staff member\'s income in cents, cancelled under 1111, unassigned under 9999, and the total leaves cancelled out', async () => {
    const d = '2032-01-10';
    await insert(
      appt(d),
      appt(d, { sale: 4550 }),
      appt(d, { staffId: w.staffIds.admin, services: [service(10), service(0.99)] }),
      appt(d, { status: 'CANCEL', services: [service(30)] }),
      appt(d, { staffId: 1111, services: [service(5)] }),
      appt(d, { staffId: 9999, services: [service(12.25)] }),
      appt(d, { staffId: 0, services: [service(1)] }),
      // a day off counts nothing
      appt(d, { customerId: 0, serviceIds: '0', services: [] }),
      appt('2032-01-11', { services: [service(20)] }),
    );
    const r = (await report('from=2032-01-10&to=2032-01-12').expect(200)).body;
    expect(r.rows.map((x: { date: string }) => x.date)).toEqual(['2032-01-10', '2032-01-11', '2032-01-12']);
    expect(r.rows[0].incomeCents).toEqual({ [w.staffIds.staff]: 2750 + 4550, [w.staffIds.admin]: 1099, 1111: 3500, 9999: 1325 });
    expect(r.rows[0].totalCents).toBe(2750 + 4550 + 1099 + 1325);
    expect(r.rows[1]).toEqual({ date: '2032-01-11', incomeCents: { [w.staffIds.staff]: 2000 }, totalCents: 2000 });
    expect(r.rows[2]).toEqual({ date: '2032-01-12', incomeCents: {}, totalCents: 0 });
    expect(r.totalsCents).toEqual({ [w.staffIds.staff]: 9300, [w.staffIds.admin]: 1099, 1111: 3500, 9999: 1325 });
    expect(r.totalCents).toBe(9300 + 1099 + 1325);
    const ids = r.columns.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([w.staffIds.staff, w.staffIds.admin, w.staffIds.limited]));
    expect(ids.slice(-2)).toEqual([9999, 1111]);
  });

  it('when days outside the range or another store\'s appointments exist, then they are never counted', async () => {
    await insert(appt('2032-02-01', { services: [service(100)] }), appt('2032-02-03', { services: [service(100)] }));
    await insert(appt('2032-02-02', { services: [service(7)] }), appt('2032-02-02', { storeId: w.otherStore.id, services: [service(500)] }));
    const r = (await report('from=2032-02-02&to=2032-02-02').expect(200)).body;
    expect(r.rows).toEqual([{ date: '2032-02-02', incomeCents: { [w.staffIds.staff]: 700 }, totalCents: 700 }]);
    expect(r.totalCents).toBe(700);
  });

  it('when chosen days are asked, then only those days come, in date order', async () => {
    await insert(appt('2032-03-01', { services: [service(1)] }), appt('2032-03-02', { services: [service(2)] }), appt('2032-03-05', { services: [service(5)] }));
    const r = (await report('dates=2032-03-05,2032-03-01').expect(200)).body;
    expect(r.rows.map((x: { date: string; totalCents: number }) => [x.date, x.totalCents])).toEqual([['2032-03-01', 100], ['2032-03-05', 500]]);
    expect(r.totalCents).toBe(600);
  });

  it('when the range crosses the day the clocks go forward in the store\'s zone, then that day comes once with its early and late appointments', async () => {
    // 2031-03-09: New York springs forward at 2 am; 1:30 am and 3:30 am are both on that store day.
    await insert(appt('2031-03-09', { start: '01:30 am', startMin: 90, endMin: 120, services: [service(10)] }), appt('2031-03-09', { start: '03:30 am', startMin: 210, endMin: 240, services: [service(20)] }));
    await insert(appt('2031-11-02', { services: [service(3)] }));
    const r = (await report('from=2031-03-08&to=2031-03-10').expect(200)).body;
    expect(r.rows.map((x: { date: string; totalCents: number }) => [x.date, x.totalCents])).toEqual([['2031-03-08', 0], ['2031-03-09', 3000], ['2031-03-10', 0]]);
    const fall = (await report('from=2031-11-01&to=2031-11-03').expect(200)).body;
    expect(fall.rows.map((x: { date: string; totalCents: number }) => [x.date, x.totalCents])).toEqual([['2031-11-01', 0], ['2031-11-02', 300], ['2031-11-03', 0]]);
  });

  it('when an appointment is checked out after a report, then the next report counts its sale', async () => {
    const a = appt('2032-04-04', { services: [service(40)] });
    await insert(a);
    expect((await report('from=2032-04-04&to=2032-04-04').expect(200)).body.totalCents).toBe(4000);
    await w.as('owner').patch(`/api/appointment/${a._id}`, { sale: 55, note: 'paid' }).expect(200);
    expect((await report('from=2032-04-04&to=2032-04-04').expect(200)).body.totalCents).toBe(5500);
    // the reload after the write kept the new totals under the day's new stamp
    await waitFor(async () => ((await w.svc.db.collection('report_days').findOne({ _id: `${w.store.id}:2032-04-04` } as never)) as unknown as { income: string } | null)?.income === `{"${w.staffIds.staff}":5500}`);
    expect((await report('from=2032-04-04&to=2032-04-04').expect(200)).body.totalCents).toBe(5500);
  });

  it('when a day\'s kept totals were counted under another stamp than the day\'s, then they are not used and the day is counted again', async () => {
    const date = '2032-05-05';
    const a = appt(date, { services: [service(10)] });
    await insert(a);
    expect((await report(`from=${date}&to=${date}`).expect(200)).body.totalCents).toBe(1000);
    const kept = async () => (await w.svc.db.collection('report_days').findOne({ _id: `${w.store.id}:${date}` } as never)) as unknown as { v: string; income: string } | null;
    await waitFor(async () => (await kept())?.income === `{"${w.staffIds.staff}":1000}`);
    // A write the kept totals do not have: its day stamp moved (as every write through the service does).
    await w.svc.db.collection('appointments').updateOne({ _id: a._id } as never, { $set: { sale: 2000 } });
    await w.svc.db.collection('appointment_day_stamps').updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { v: 'newer', storeId: w.store.id, year: '2032' } }, { upsert: true });
    expect((await report(`from=${date}&to=${date}`).expect(200)).body.totalCents).toBe(2000);
    await waitFor(async () => (await kept())?.v === 'newer');
    // Totals written under an older stamp (a slow load finishing late) are never taken for the day's.
    await w.svc.db.collection('report_days').updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { v: 'older', income: '{"1":99999}' } });
    expect((await report(`from=${date}&to=${date}`).expect(200)).body.totalCents).toBe(2000);
  });

  it("when several days are counted at once, then every day's totals are kept", async () => {
    await insert(...Array.from({ length: 8 }, (_, i) => appt(`2033-01-${String(i + 1).padStart(2, '0')}`, { services: [service(i + 1)] })));
    expect((await report('from=2033-01-01&to=2033-01-08').expect(200)).body.totalCents).toBe(3600);
    await waitFor(async () => (await w.svc.db.collection('report_days').countDocuments({ storeId: w.store.id, year: '2033' })) === 8);
  });

  it('when each role asks, then the owner, an admin and the super admin read it and everyone else is refused', async () => {
    for (const role of ['owner', 'admin'] as const) await report('from=2032-01-01&to=2032-01-02', role).expect(200);
    await w.as(w.superAdmin).get(`/api/getReportByStoreIdAndRange/${w.store.id}?from=2032-01-01&to=2032-01-02`).expect(200);
    for (const role of ['superadmin', 'limited', 'staff', 'other', 'customer'] as const) expect([403, 404]).toContain((await report('from=2032-01-01&to=2032-01-02', role)).status);
    await report('from=2032-01-01&to=2032-01-02', 'none').expect(401);
  });

  it.each([
    ['from=2032-13-01&to=2032-01-02', 'from'],
    ['from=2032-01-01&to=nope', 'to'],
    ['to=2032-01-02', 'from'],
    ['from=2032-01-01', 'to'],
    ['from=2032-01-05&to=2032-01-01', 'to'],
    ['from=2031-01-01&to=2032-01-02', 'to'],
    ['dates=2032-01-01,2032-02-30', 'dates.1'],
    ['dates=2032-01-01&from=2032-01-01&to=2032-01-02', 'dates'],
  ])('when the days are %s, then it answers 400 naming %s', async (query, field) => {
    const res = await report(query).expect(400);
    expect(res.body.field).toBe(field);
  });

  it('when the range is a leap year and a day, then 366 days are answered', async () => {
    const r = (await report('from=2032-01-01&to=2032-12-31').expect(200)).body;
    expect(r.rows).toHaveLength(366);
  });
});

describe('report arithmetic', () => {
  it('when dates span a month end and a clock change, then each calendar day comes once', () => {
    expect(datesBetween('2031-02-27', '2031-03-02')).toEqual(['2031-02-27', '2031-02-28', '2031-03-01', '2031-03-02']);
    expect(datesBetween('2031-11-01', '2031-11-03')).toHaveLength(3);
  });

  it('when a price has cents, then they are kept exactly', () => {
    const docs = Array.from({ length: 3 }, () => ({ staffId: 10001, status: 'ON' as const, sale: 0, services: [{ id: 1, name: 'x', price: 0.1, duration: 5 }, { id: 2, name: 'y', price: 0.2, duration: 5 }], customerId: 1, serviceIds: '1,2' }));
    expect(dayIncome(docs)).toEqual({ 10001: 90 });
  });

  it('when an archived staff member has no income, then they get no column; with income they do', () => {
    const staff = [{ _id: 10001, nickname: 'ann', fname: 'ann', archived: false }, { _id: 10002, nickname: '', fname: 'bo', archived: true }, { _id: 10003, nickname: '', fname: 'cy', archived: true }];
    const r = buildReport(1, ['2030-01-01'], new Map([['2030-01-01', { 10003: 500 }]]), staff);
    expect(r.columns).toEqual([{ id: 10001, name: 'ann' }, { id: 10003, name: 'cy' }, { id: 9999, name: 'Unassigned' }, { id: 1111, name: 'Cancelled' }]);
  });
});
