import { randomUUID } from 'node:crypto';
import { AppointmentDays } from '../appointments/day-read-model';
import { appointmentModel } from '../appointments/model';
import { startWorld, type World } from '../test/world';
import { buildReport, dayIncome, datesBetween } from './aggregate';
import { COUNTING_MESSAGE, ReportDays } from './report-days';

let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 60_000);
afterAll(async () => {
  await w?.stop();
});

let nextId = 980_000;
const service = (price: number) => ({ id: 1, name: 'Gel', price, duration: 30 });
const cents = (services: Array<{ price: number }>) => services.reduce((sum, s) => sum + Math.round(s.price * 100), 0);
/**
 * An appointment written straight to the database, as the calendar keeps it: checked out for its services'
 * prices unless a sale is given (only checked-out sales count, docs/product/reports.md).
 */
const appt = (date: string, over: Record<string, unknown> = {}) => {
  const services = (over.services as Array<{ price: number }> | undefined) ?? [service(27.5)];
  return {
    _id: ++nextId, storeId: w.store.id, staffId: w.staffIds.staff, customerId: 5, serviceIds: '1', services,
    date, start: '10:00 am', end: '10:30 am', startMin: 600, endMin: 630, status: 'ON', sale: cents(services), note: '', ...over,
  };
};
const waitFor = async (ok: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await ok()).toBe(true);
};
const insert = (...docs: object[]) => w.svc.db.collection('appointments').insertMany(docs as never[]);
/** What every write through the service does after the write: the day's stamp and its month's stamp move. */
const moveStamps = async (date: string, v: string = randomUUID()) => {
  await w.svc.db.collection('appointment_day_stamps').updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { v, storeId: w.store.id, year: date.slice(0, 4), month: date.slice(0, 7) } }, { upsert: true });
  await w.svc.db.collection('appointment_month_stamps').updateOne({ _id: `${w.store.id}:${date.slice(0, 7)}` } as never, { $set: { v: randomUUID(), storeId: w.store.id, year: date.slice(0, 4) } }, { upsert: true });
};
type Kept = { v: string; days: string } | null;
const keptMonth = async (month: string) => (await w.svc.db.collection('report_months').findOne({ _id: `${w.store.id}:${month}` } as never)) as unknown as Kept;
const monthStamp = async (month: string) => ((await w.svc.db.collection('appointment_month_stamps').findOne({ _id: `${w.store.id}:${month}` } as never)) as unknown as { v: string } | null)?.v ?? '';
/** The days of this store read from the appointments from now on (the answer stops watching). */
const dayReads = (days: AppointmentDays) => {
  const spy = jest.spyOn(days.appointments, 'find');
  return () => {
    const dates = spy.mock.calls.map(([filter]) => filter as { storeId?: number; date?: string }).filter((f) => f?.storeId === w.store.id && f.date).map((f) => f.date);
    spy.mockRestore();
    return dates;
  };
};
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
    const a = appt('2032-04-04', { services: [service(40)], sale: 0 });
    await insert(a);
    expect((await report('from=2032-04-04&to=2032-04-04').expect(200)).body.totalCents).toBe(0);
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
    await moveStamps(date, 'newer');
    expect((await report(`from=${date}&to=${date}`).expect(200)).body.totalCents).toBe(2000);
    await waitFor(async () => (await kept())?.v === 'newer');
    // Totals written under an older stamp (a slow load finishing late) are never taken for the day's.
    await w.svc.db.collection('report_days').updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { v: 'older', income: '{"1":99999}' } });
    expect((await report(`from=${date}&to=${date}`).expect(200)).body.totalCents).toBe(2000);
  });

  it("when several days are counted at once, then every day's totals are kept", async () => {
    await insert(...Array.from({ length: 8 }, (_, i) => appt(`2033-01-${String(i + 1).padStart(2, '0')}`, { services: [service(i + 1)] })));
    expect((await report('from=2033-01-01&to=2033-01-08').expect(200)).body.totalCents).toBe(3600);
    const kept = async () => (await w.svc.db.collection('report_days').find({ storeId: w.store.id, year: '2033' } as never).toArray()) as unknown as Array<{ date: string; income: string }>;
    await waitFor(async () => (await kept()).filter((d) => d.income !== '{}').length === 8);
    for (const d of (await kept()).filter((x) => x.income !== '{}')) expect(JSON.parse(d.income)).toEqual({ [w.staffIds.staff]: 100 * Number(d.date.slice(8)) });
  });

  it('when a month was kept and its stamp has not moved, then the report answers from the month without reading any day', async () => {
    await insert(appt('2034-02-03', { services: [service(10)] }), appt('2034-02-27', { services: [service(20)] }));
    expect((await report('from=2034-02-01&to=2034-02-28').expect(200)).body.totalCents).toBe(3000);
    await waitFor(async () => (await keptMonth('2034-02'))?.v === (await monthStamp('2034-02')));
    const days = new AppointmentDays(w.svc.db, appointmentModel(w.svc.db));
    const reportDays = new ReportDays(w.svc.db, days);
    const reads = dayReads(days);
    const dayStampReads = jest.spyOn(days.stamps, 'findById');
    const income = await reportDays.incomeOf(w.store.id, datesBetween('2034-02-01', '2034-02-28'));
    expect(income.get('2034-02-27')).toEqual({ [w.staffIds.staff]: 2000 });
    expect(income.size).toBe(28);
    expect(reads()).toEqual([]);
    expect(dayStampReads.mock.calls.filter(([id]) => String(id).startsWith(`${w.store.id}:2034-02`))).toEqual([]);
    dayStampReads.mockRestore();
  });

  it('when the months asked were read here before and no stamp moved, then a report reads the month stamps alone; once one moves, the kept months again', async () => {
    await insert(appt('2035-08-03', { services: [service(10)] }));
    expect((await report('from=2035-08-01&to=2035-08-31').expect(200)).body.totalCents).toBe(1000);
    await waitFor(async () => (await keptMonth('2035-08'))?.v === (await monthStamp('2035-08')));
    const days = new AppointmentDays(w.svc.db, appointmentModel(w.svc.db));
    const reportDays = new ReportDays(w.svc.db, days);
    const dates = datesBetween('2035-08-01', '2035-08-31');
    await reportDays.incomeOf(w.store.id, dates);
    const keptReads = jest.spyOn(reportDays.months, 'find');
    const reads = dayReads(days);
    expect((await reportDays.incomeOf(w.store.id, dates)).get('2035-08-03')).toEqual({ [w.staffIds.staff]: 1000 });
    expect(keptReads).not.toHaveBeenCalled();
    // a write made elsewhere: the stamp moved, so the memory is not trusted and the day is counted again
    await insert(appt('2035-08-03', { services: [service(5)] }));
    await moveStamps('2035-08-03');
    expect((await reportDays.incomeOf(w.store.id, dates)).get('2035-08-03')).toEqual({ [w.staffIds.staff]: 1500 });
    expect(keptReads).toHaveBeenCalled();
    expect(reads()).toEqual(['2035-08-03']);
    keptReads.mockRestore();
  });

  it('when one day of a kept month is changed through the service, then the next report counts it and the month is kept again under its new stamp', async () => {
    const a = appt('2034-03-10', { services: [service(10)] });
    await insert(a, appt('2034-03-20', { services: [service(5)] }));
    expect((await report('from=2034-03-01&to=2034-03-31').expect(200)).body.totalCents).toBe(1500);
    await waitFor(async () => (await keptMonth('2034-03'))?.v === (await monthStamp('2034-03')));
    const before = await monthStamp('2034-03');
    await w.as('owner').patch(`/api/appointment/${a._id}`, { sale: 30, note: 'paid' }).expect(200);
    expect(await monthStamp('2034-03')).not.toBe(before);
    expect((await report('from=2034-03-01&to=2034-03-31').expect(200)).body.totalCents).toBe(3500);
    await waitFor(async () => (await keptMonth('2034-03'))?.v === (await monthStamp('2034-03')));
    expect(JSON.parse((await keptMonth('2034-03'))!.days)['2034-03-10'][1]).toEqual({ [w.staffIds.staff]: 3000 });
    expect((await report('from=2034-03-10&to=2034-03-10').expect(200)).body.totalCents).toBe(3000);
  });

  it('when a day is written straight to the database with its stamps renewed after its month was kept, then the report counts that day again', async () => {
    const date = '2034-04-15';
    const a = appt(date, { services: [service(10)] });
    await insert(a);
    expect((await report('from=2034-04-01&to=2034-04-30').expect(200)).body.totalCents).toBe(1000);
    await waitFor(async () => (await keptMonth('2034-04'))?.v === (await monthStamp('2034-04')));
    await w.svc.db.collection('appointments').updateOne({ _id: a._id } as never, { $set: { status: 'CANCEL' } });
    await moveStamps(date);
    const r = (await report('from=2034-04-01&to=2034-04-30').expect(200)).body;
    expect(r.totalCents).toBe(0);
    expect(r.totalsCents).toEqual({ 1111: 1000 });
  });

  it('when a report spans months never counted, then every day of those months is kept, days off the range included', async () => {
    await insert(appt('2034-05-31', { services: [service(1)] }), appt('2034-06-01', { services: [service(2)] }), appt('2034-06-30', { services: [service(4)] }));
    expect((await report('from=2034-05-31&to=2034-06-01').expect(200)).body.totalCents).toBe(300);
    await waitFor(async () => (await keptMonth('2034-06')) !== null && (await keptMonth('2034-05')) !== null);
    expect(Object.keys(JSON.parse((await keptMonth('2034-05'))!.days))).toHaveLength(31);
    expect(JSON.parse((await keptMonth('2034-06'))!.days)['2034-06-30'][1]).toEqual({ [w.staffIds.staff]: 400 });
    expect((await report('from=2034-06-01&to=2034-06-30').expect(200)).body.totalCents).toBe(600);
  });

  it('when counting the asked days takes longer than the report waits, then it answers 503 unavailable and the counting goes on, so a later report has every day', async () => {
    await insert(...Array.from({ length: 10 }, (_, i) => appt(`2034-07-${String(i + 1).padStart(2, '0')}`, { services: [service(1)] })));
    const days = new AppointmentDays(w.svc.db, appointmentModel(w.svc.db));
    const impatient = new ReportDays(w.svc.db, days, { countWaitMs: 0 });
    const dates = datesBetween('2034-07-01', '2034-07-31');
    await expect(impatient.incomeOf(w.store.id, dates)).rejects.toMatchObject({ code: 'unavailable', status: 503, message: COUNTING_MESSAGE });
    await waitFor(async () => (await keptMonth('2034-07')) !== null);
    const reads = dayReads(days);
    const income = await impatient.incomeOf(w.store.id, dates);
    expect([...income.values()].reduce((s, d) => s + (d[String(w.staffIds.staff)] ?? 0), 0)).toBe(1000);
    expect(reads()).toEqual([]);
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

describe('what a report counts as money', () => {
  it('when a day has pending, approved, cancelled, walk-in and checked-out appointments, then only the checked-out sales count, and approving a request later changes nothing', async () => {
    const d = '2032-06-14';
    const pending = appt(d, { staffId: 8888, status: 'PENDING', createdBy: 0, sale: 0 });
    await insert(
      pending,
      // an online request approved but never checked out
      appt(d, { staffId: 8888, status: 'APPROVED', createdBy: 0, sale: 0 }),
      // a walk-in waiting in the line, not served
      appt(d, { staffId: 8888, status: 'PENDING', note: 'Walk in', sheetId: 7, createdBy: 0, sale: 0 }),
      // booked with a staff member, not checked out
      appt(d, { staffId: w.staffIds.admin, sale: 0 }),
      // cancelled before any check-out
      appt(d, { status: 'CANCEL', sale: 0, services: [service(80)] }),
      // checked out: the money that came in
      appt(d, { sale: 4600 }),
      appt(d, { staffId: 8888, status: 'ON', sale: 2000 }),
    );
    await moveStamps(d);
    const r = (await report(`from=${d}&to=${d}`).expect(200)).body;
    expect(r.rows[0].incomeCents).toEqual({ [w.staffIds.staff]: 4600, 8888: 2000 });
    expect(r.totalCents).toBe(6600);
    expect(r.columns.map((c: { id: number }) => c.id).slice(-3)).toEqual([8888, 9999, 1111]);
    // The store approves the request afterwards: a past day's money does not move.
    await w.svc.db.collection('appointments').updateOne({ _id: pending._id } as never, { $set: { status: 'APPROVED' } });
    await moveStamps(d);
    expect((await report(`from=${d}&to=${d}`).expect(200)).body.totalCents).toBe(6600);
  });

  it('when totals were kept under the former rule (services priced before check-out), then the days are counted again', async () => {
    const d = '2032-07-07';
    await insert(appt(d, { sale: 0 }), appt(d, { sale: 1500 }));
    await moveStamps(d);
    const month = '2032-07';
    const stamp = await monthStamp(month);
    const dayStamp = ((await w.svc.db.collection('appointment_day_stamps').findOne({ _id: `${w.store.id}:${d}` } as never)) as unknown as { v: string }).v;
    // as the former counting kept them: no rule, the unserved appointment's prices included
    await w.svc.db.collection('report_months').updateOne({ _id: `${w.store.id}:${month}` } as never, { $set: { storeId: w.store.id, year: '2032', v: stamp, days: JSON.stringify({ [d]: [dayStamp, { [w.staffIds.staff]: 4250 }] }) }, $unset: { rule: '' } }, { upsert: true });
    await w.svc.db.collection('report_days').updateOne({ _id: `${w.store.id}:${d}` } as never, { $set: { storeId: w.store.id, year: '2032', month, date: d, v: dayStamp, income: JSON.stringify({ [w.staffIds.staff]: 4250 }) }, $unset: { rule: '' } }, { upsert: true });
    expect((await report(`from=${d}&to=${d}`).expect(200)).body.totalCents).toBe(1500);
  });
});

describe('report arithmetic', () => {
  it('when dates span a month end and a clock change, then each calendar day comes once', () => {
    expect(datesBetween('2031-02-27', '2031-03-02')).toEqual(['2031-02-27', '2031-02-28', '2031-03-01', '2031-03-02']);
    expect(datesBetween('2031-11-01', '2031-11-03')).toHaveLength(3);
  });

  it('when sales have cents, then they are kept exactly; services never checked out bring nothing', () => {
    const docs = Array.from({ length: 3 }, () => ({ staffId: 10001, status: 'ON' as const, sale: 1099, services: [{ id: 1, name: 'x', price: 0.1, duration: 5 }], customerId: 1, serviceIds: '1' }));
    expect(dayIncome([...docs, { ...docs[0], staffId: 10002, sale: 0 }])).toEqual({ 10001: 3297 });
  });

  it('when an archived staff member has no income, then they get no column; with income they do', () => {
    const staff = [{ _id: 10001, nickname: 'ann', fname: 'ann', archived: false }, { _id: 10002, nickname: '', fname: 'bo', archived: true }, { _id: 10003, nickname: '', fname: 'cy', archived: true }];
    const r = buildReport(1, ['2030-01-01'], new Map([['2030-01-01', { 10003: 500 }]]), staff);
    expect(r.columns).toEqual([{ id: 10001, name: 'ann' }, { id: 10003, name: 'cy' }, { id: 9999, name: 'Unassigned' }, { id: 1111, name: 'Cancelled' }]);
  });
});
