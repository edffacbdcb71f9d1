import { todayIn } from '@turnbook/domain';
import { startWorld, type World } from '../test/world';

/**
 * The role matrix of what each member sees of an appointment (docs/product/roles.md, "The calendar's
 * reads"): limited staff on today and on past days, sales on one's own appointments, staff names, and the
 * same rule in History and the customer's history.
 */
let w: World;
let today: string;
const past = '2024-02-14';
let gel: number;

type View = { id: number; staffId: number; sale: number | null; userFname: string | null; customerFname: string; customerPhone: string; services: unknown[]; note: string; customerId: number };
const ids = (list: View[]) => list.map((a) => a.id).sort((x, y) => x - y);
const day = async (date: string, who: string): Promise<{ appointments: View[]; appointmentsCancel: View[]; appointmentsOnline: View[] }> =>
  (await w.as(who).get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).expect(200)).body;
const desk = () => w.svc.keys.store(w.store.id);

let seq = 960_000;
/** Appointments written straight to the database (today's early hours and past days cannot be booked), then the day's stamp moved. */
async function written(date: string, rows: Array<{ staffId: number; sale?: number; status?: string }>): Promise<number[]> {
  const made = rows.map((r, i) => ({
    _id: ++seq, storeId: w.store.id, staffId: r.staffId, customerId: 77, serviceIds: `${gel}`, services: [{ id: gel, name: 'Gel Manicure', price: 35, duration: 45 }],
    date, start: `0${i + 1}:00 am`, end: `0${i + 1}:45 am`, startMin: (i + 1) * 60, endMin: (i + 1) * 60 + 45, status: r.status ?? 'ON', note: 'private note',
    customerFname: 'Ann', customerLname: 'Lee', customerPhone: '2155550100', customerEmail: 'ann@example.com', sale: r.sale ?? 0,
  }));
  await w.svc.db.collection('appointments').insertMany(made as never);
  await w.svc.db.collection('appointment_day_stamps').updateOne({ _id: `${w.store.id}:${date}` } as never, { $set: { v: `moved-${seq}` } }, { upsert: true });
  return made.map((m) => m._id);
}

beforeAll(async () => {
  w = await startWorld();
  today = todayIn(String(w.store.timezone ?? 'America/New_York'));
  gel = await w.addGel();
}, 60_000);
afterAll(async () => w?.stop());

describe('limited staff on today and on past days', () => {
  let own: number;
  let colleague: number;
  let cancelled: number;
  let pastOwn: number;
  beforeAll(async () => {
    [own, colleague, cancelled] = await written(today, [
      { staffId: w.staffIds.limited, sale: 3000 },
      { staffId: w.staffIds.staff, sale: 4600 },
      { staffId: w.staffIds.admin, status: 'CANCEL' },
    ]);
    [pastOwn] = await written(past, [{ staffId: w.staffIds.limited, sale: 2000 }, { staffId: w.staffIds.staff, sale: 4000 }]);
  });

  it("when a limited staff member reads today, then colleagues' appointments come with their customer, services and note, as staff see them, but no sale", async () => {
    const read = await day(today, 'limited');
    expect(ids(read.appointments)).toEqual([own, colleague]);
    const theirs = read.appointments.find((a) => a.id === colleague)!;
    expect(theirs).toMatchObject({ staffId: w.staffIds.staff, start: '02:00 am', end: '02:45 am', sale: null, customerId: 77, customerFname: 'Ann', note: 'private note', userFname: 'staff' });
    expect(theirs.services).toHaveLength(1);
    // what its staff member is answered of it (phone included), but the sale, and cancelled ones as staff see them
    const asStaff = await day(today, 'staff');
    expect(theirs).toEqual({ ...asStaff.appointments.find((a) => a.id === colleague), sale: null });
    expect(Object.keys(theirs)).not.toContain('busy');
    expect(read.appointmentsCancel.map((a) => a.id)).toContain(cancelled);
    expect(read.appointmentsCancel).toEqual(asStaff.appointmentsCancel);
  });

  it('when a limited staff member reads today, then their own appointment comes in full, with its sale', async () => {
    const mine = (await day(today, 'limited')).appointments.find((a) => a.id === own)!;
    expect(mine).toMatchObject({ customerFname: 'Ann', customerPhone: '2155550100', note: 'private note', sale: 30 });
  });

  it('when a limited staff member reads a past day, then only their own column comes', async () => {
    expect(ids((await day(past, 'limited')).appointments)).toEqual([pastOwn]);
  });

  it("when a limited staff member reads a colleague's column or the upcoming list, then today's come with their customer there too, without the sale", async () => {
    const column = (await w.as('limited').get(`/api/getAppointmentsByStoreIdAndEmployeeId/${w.store.id}/${w.staffIds.staff}/${today}`).expect(200)).body.appointments as View[];
    expect(column.map((a) => [a.id, a.customerFname, a.sale])).toEqual([[colleague, 'Ann', null]]);
    const upcoming = (await w.as('limited').get(`/api/getAppointmentsByStoreId/${w.store.id}`).expect(200)).body.appointments as View[];
    expect(upcoming.find((a) => a.id === colleague)).toMatchObject({ customerFname: 'Ann', note: 'private note', sale: null });
  });
});

describe('sales on one\'s own appointments, and staff names', () => {
  let staffOwn: number;
  let adminOne: number;
  let pastStaffOwn: number;
  beforeAll(async () => {
    const date = todayIn(String(w.store.timezone ?? 'America/New_York'));
    [staffOwn, adminOne] = await written(date, [{ staffId: w.staffIds.staff, sale: 4800 }, { staffId: w.staffIds.admin, sale: 5200 }]);
    [pastStaffOwn] = await written('2024-03-05', [{ staffId: w.staffIds.staff, sale: 2500 }]);
  });

  it('when a staff member reads the day, then they see the sale of their own appointments and not of others', async () => {
    const read = (await day(today, 'staff')).appointments;
    expect(read.find((a) => a.id === staffOwn)?.sale).toBe(48);
    expect(read.find((a) => a.id === adminOne)?.sale).toBeNull();
    expect((await day('2024-03-05', 'staff')).appointments.find((a) => a.id === pastStaffOwn)?.sale).toBe(25);
    const details = (await w.as('staff').get(`/api/getAppointmentsById/${staffOwn}`).expect(200)).body.appointments[0];
    expect(details.sale).toBe(48);
    expect((await w.as('staff').get(`/api/getAppointmentsById/${adminOne}`).expect(200)).body.appointments[0].sale).toBeNull();
    // the owner sees both; the front desk neither
    expect((await day(today, 'owner')).appointments.filter((a) => [staffOwn, adminOne].includes(a.id)).map((a) => a.sale)).toEqual([48, 52]);
    expect((await day(today, desk())).appointments.filter((a) => [staffOwn, adminOne].includes(a.id)).map((a) => a.sale)).toEqual([null, null]);
  });

  it('when staff or the front desk open an appointment, then its staff member is named, as for the owner', async () => {
    for (const who of ['staff', desk()]) {
      const read = (await w.as(who).get(`/api/getAppointmentsById/${adminOne}`).expect(200)).body.appointments[0];
      expect(read.userFname).toBe('admin');
    }
    const own = (await w.as('staff').get(`/api/getAppointmentsById/${staffOwn}`).expect(200)).body.appointments[0];
    expect(own.userFname).toBe('staff');
  });

  it("when a staff member reads a customer's history, then the sale shows on their own appointments only", async () => {
    const list = (await w.as('staff').get(`/api/getAppointmentsByStoreIdAndCustomerId/${w.store.id}/77`).expect(200)).body.appointments as View[];
    expect(list.find((a) => a.id === staffOwn)?.sale).toBe(48);
    expect(list.find((a) => a.id === adminOne)).toMatchObject({ sale: null, userFname: 'admin' });
  });
});

describe('History follows the same rule', () => {
  let checkedOut: { id: number };
  const date = '2031-09-09';
  beforeAll(async () => {
    checkedOut = (await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.admin, customerId: 41, serviceIds: `${gel}`, date, start: '10:00 am', end: '10:45 am', note: 'n' }).expect(201)).body.appointment;
    await w.as('owner').patch(`/api/appointment/${checkedOut.id}`, { note: 'n', sale: 46 }).expect(200);
  });
  const history = async (who: string) => (await w.as(who).get(`/api/getStoreLogsByAppointmentId/${checkedOut.id}`).expect(200)).body.logs as Array<{ id: number; text: string; appointment_log: string }>;

  it("when staff and the front desk read the History of an appointment whose sale they may not see, then no entry names the sale", async () => {
    expect((await history('owner')).map((l) => l.text)).toContain('Appointment checked out (sale 46)');
    expect((await history('admin')).map((l) => l.text)).toContain('Appointment checked out (sale 46)');
    for (const who of ['staff', desk()]) {
      const logs = await history(who);
      expect(logs.map((l) => l.text)).toContain('Appointment checked out');
      expect(JSON.stringify(logs)).not.toMatch(/sale 46|"sale":46/);
      expect(JSON.parse(logs[logs.length - 1].appointment_log)).toMatchObject({ id: checkedOut.id, sale: null });
      // marking an entry read answers it as History shows it
      const marked = (await w.as(who).post('/api/markRead', { log_id: logs[logs.length - 1].id }).expect(200)).body.log;
      expect(marked.text).toBe('Appointment checked out');
    }
  });

  it("when staff or the front desk edit a colleague's checked-out appointment, then the answer carries no sale; the owner's and the staff member's own do", async () => {
    for (const who of ['staff', desk()]) {
      const answer = (await w.as(who).patch(`/api/appointment/${checkedOut.id}`, { note: `seen by ${who.length}` }).expect(200)).body.appointment;
      expect(answer).toMatchObject({ id: checkedOut.id, sale: null, userFname: 'admin' });
    }
    expect((await w.as('owner').patch(`/api/appointment/${checkedOut.id}`, { note: 'n' }).expect(200)).body.appointment.sale).toBe(46);
    const own = (await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel}`, date, start: '01:00 pm', end: '01:45 pm' }).expect(201)).body.appointment;
    expect((await w.as('staff').patch(`/api/appointment/${own.id}`, { note: 'paid', sale: 30 }).expect(200)).body.appointment.sale).toBe(30);
  });

  it("when a limited staff member reads the History of a colleague's appointment ahead, then it carries the customer as staff see it, and no sale", async () => {
    const logs = await history('limited');
    expect(logs.map((l) => l.text)).toContain('Appointment checked out');
    expect(JSON.stringify(logs)).not.toMatch(/sale 46|"sale":46/);
    expect(JSON.parse(logs[0].appointment_log)).toMatchObject({ customerId: 41, sale: null });
    const entries = (list: Array<{ text: string; appointment_log: string }>) => list.map((l) => [l.text, l.appointment_log]);
    expect(entries(logs)).toEqual(entries(await history('staff')));
  });

  it("when a limited staff member reads the History of a colleague's past appointment, then it has no entries", async () => {
    const [old] = await written('2024-04-04', [{ staffId: w.staffIds.staff, sale: 1000 }]);
    await w.svc.db.collection('logs').insertOne({ _id: 990_000 + (old % 10_000), storeId: w.store.id, appointmentId: old, text: 'Appointment checked out (sale 10)', appointment_log: '', createdBy: w.ids.owner, created_at: new Date() } as never);
    expect((await w.as('limited').get(`/api/getStoreLogsByAppointmentId/${old}`).expect(200)).body.logs).toEqual([]);
    expect((await w.as('owner').get(`/api/getStoreLogsByAppointmentId/${old}`).expect(200)).body.logs.map((l: { text: string }) => l.text)).toEqual(['Appointment checked out (sale 10)']);
  });
});
