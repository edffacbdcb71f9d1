import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { MESSAGES } from '@turnbook/contracts';
import { api } from '../src/api';
import { newGuest, type Guest } from '../src/guest';
import { instancesOf } from '../src/stack';

// No double booking, through the gateway with several scheduling instances behind it (npm test starts
// scheduling=3): online requests for one slot that arrive at once, whichever instance answers each, leave
// exactly one accepted; and pending requests cannot be approved into an overlap nobody was shown
// (docs/product/availability.md, "Claims").

const INTERNAL_TOKEN = process.env.INTERNAL_TOKEN ?? 'dev-internal-token-change-me';
const PASSWORD = 'Claims-pass-123';
const ZONE = 'America/New_York';
const OPEN = '9:00 am-8:00 pm';

let token = '';
let storeId = 0;
let staff: number[] = [];
/** The store's TBD placeholder ('Next available', online booking on, as the demo's): never real staff. */
let placeholder = 0;
let serviceId = 0;
/** A day well inside the online window, never a clock-change day. */
let date = '';
/** The visitor whose requests these are: one account and its customer (the test stack lifts the per-phone limit). */
let guest: Guest;

const online = (over: Record<string, unknown>) => api('POST', 'public_bookAppointmentOnline', {
  storeId, staffId: staff[0], customerId: guest.customerId, userId: guest.userId, serviceIds: `${serviceId}`, date, start: '11:00 am', end: '11:45 am',
  note: 'online', createdBy: 0, modifiedBy: 0, ...over,
});

beforeAll(async () => {
  const scheduling = instancesOf('scheduling');
  if (scheduling.length < 3) throw new Error(`scheduling runs ${scheduling.length} instance(s); these checks need 3 (npm test -- --instances scheduling=3)`);
  const tag = randomBytes(3).toString('hex');
  const email = `claims-${tag}@example.com`;
  const seeded = await fetch(`${instancesOf('identity')[0].url}/internal/seed/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
    body: JSON.stringify({ users: [{ email, password: PASSWORD, fname: 'claire', lname: 'claims', phone: '2155550166', role: 'professional' }] }),
  });
  if (!seeded.ok) throw new Error(`seed -> ${seeded.status} ${await seeded.text()}`);
  token = (await api('POST', 'login', { email, password: PASSWORD })).body.access_token;
  const hours = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, OPEN]));
  const store = await api('POST', 'store', {
    name: `Claims Salon ${tag}`, street: '1 market street', city: 'philadelphia', state: 'PA', zip: '19102', email: `desk-${tag}@example.com`,
    phone: '2155550167', username: `claims-desk-${tag}`, password: PASSWORD, password_confirmation: PASSWORD, timezone: ZONE, hours,
  }, token);
  if (store.status !== 201) throw new Error(`store -> ${store.status} ${JSON.stringify(store.body)}`);
  storeId = store.body.store.id;
  for (const nickname of ['ana', 'bea']) {
    const made = await api('POST', 'staff', { hasAccount: 'noAccount', nickname, storeId }, token);
    if (made.status !== 201) throw new Error(`staff -> ${made.status} ${JSON.stringify(made.body)}`);
    staff.push(made.body.employee.id);
  }
  const tbd = await api('POST', 'staff', { hasAccount: 'noAccount', nickname: 'next available', storeId }, token);
  if (tbd.status !== 201) throw new Error(`placeholder -> ${tbd.status} ${JSON.stringify(tbd.body)}`);
  placeholder = tbd.body.employee.id;
  const role = await api('POST', `updateEmployeeRole/${placeholder}`, { role: 'TBD' }, token);
  if (role.status !== 200) throw new Error(`placeholder role -> ${role.status} ${JSON.stringify(role.body)}`);
  const svc = await api('POST', 'service', { storeId, name: 'Gel Manicure', duration: 45, price: 40, icon: 2, type: 'ALL' }, token);
  if (svc.status !== 201) throw new Error(`service -> ${svc.status} ${JSON.stringify(svc.body)}`);
  serviceId = svc.body.service.id;
  guest = await newGuest(storeId, 'claire');
  let d = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 3 });
  while (d.plus({ days: 1 }).diff(d, 'hours').hours !== 24) d = d.plus({ days: 1 });
  date = d.toISODate()!;
});

/** Every live appointment of the day (the calendar's own read), by staff column. */
async function liveAt(startMin: number) {
  const day = await api('GET', `getAppointmentsByStoreIdAndDate/${storeId}/${date}`, undefined, token);
  expect(day.status).toBe(200);
  const all = [...day.body.appointments, ...day.body.appointmentsOnline] as Array<{ id: number; staffId: number; startMin: number; status: string }>;
  return all.filter((a) => a.startMin === startMin && a.status !== 'CANCEL');
}

describe('no double booking behind the gateway', () => {
  it("when 50 online requests for one staff member's slot arrive at once, then exactly one is accepted and the other 49 answer 409 with the clear message", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => online({})));
    const statuses = answers.map((r) => r.status);
    expect({ accepted: statuses.filter((s) => s >= 200 && s < 300).length, refused: statuses.filter((s) => s === 409).length })
      .toEqual({ accepted: 1, refused: 49 });
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body).toMatchObject({ code: 'slotTaken', message: MESSAGES.slotTaken });
    const won = answers.find((r) => r.status === 201)!.body.appointment;
    expect(won).toMatchObject({ status: 'PENDING', staffId: staff[0], date, start: '11:00 am', end: '11:45 am' });
    expect((await liveAt(660)).map((a) => a.id)).toEqual([won.id]);
  });

  it('when a second request asks for a pending slot, then it is refused; a staff booking over the pending one is named, and so is the overlap when the request is approved', async () => {
    const first = await online({ start: '02:00 pm', end: '02:45 pm' });
    expect(first.status).toBe(201);
    const second = await online({ start: '02:15 pm', end: '03:00 pm' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'slotTaken', message: MESSAGES.slotTaken });

    // Staff may overbook, but the answer says what it overlaps …
    const booked = await api('POST', 'appointment', {
      storeId, staffId: staff[0], customerId: guest.customerId, serviceIds: `${serviceId}`, date, start: '02:30 pm', end: '03:15 pm',
    }, token);
    expect(booked.status).toBe(201);
    expect(booked.body.overlaps.map((o: { appointmentId: number }) => o.appointmentId)).toEqual([first.body.appointment.id]);
    // … and approving the request is refused until the approver has seen the booking it would overlap …
    const unseen = await api('GET', `approveAppointment/${first.body.appointment.id}/null`, undefined, token);
    expect(unseen.status).toBe(409);
    expect(unseen.body).toMatchObject({ code: 'wouldOverlap' });
    // … and, approved anyway, the answer and the log name it: never a silent overlap.
    const approved = await api('GET', `approveAppointment/${first.body.appointment.id}/null?overlaps=accept`, undefined, token);
    expect(approved.status).toBe(200);
    expect(approved.body.appointment.status).toBe('APPROVED');
    expect(approved.body.overlaps.map((o: { appointmentId: number }) => o.appointmentId)).toEqual([booked.body.appointment.id]);
    const log = await api('GET', `getStoreLogsByAppointmentId/${first.body.appointment.id}`, undefined, token);
    expect(JSON.stringify(log.body)).toContain(`overlaps appointment ${booked.body.appointment.id}`);
  });

  it("when 40 'anyone' requests for one time arrive at once beside a TBD placeholder, then only real staff are counted: each accepted one holds a different real staff member and approving all of them overlaps nothing", async () => {
    const offered = await api('GET', `availability/${storeId}/${date}?serviceIds=${serviceId}&staffId=${placeholder}`);
    expect(offered.status).toBe(200);
    expect(offered.body.slots).toEqual([]);
    const anyone = await api('GET', `availability/${storeId}/${date}?serviceIds=${serviceId}`);
    expect(anyone.body.slots.filter((s: { staffId: number | null }) => s.staffId === placeholder)).toEqual([]);

    const answers = await Promise.all(Array.from({ length: 40 }, () => online({ staffId: 8888, start: '05:00 pm', end: '05:45 pm' })));
    const accepted = answers.filter((r) => r.status === 201).map((r) => r.body.appointment as { id: number; staffId: number });
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(accepted).toHaveLength(staff.length);
    expect(accepted.every((a) => a.staffId === 8888)).toBe(true);
    for (const a of accepted) {
      const approved = await api('GET', `approveAppointment/${a.id}/null`, undefined, token);
      expect(approved.status).toBe(200);
      expect(approved.body.overlaps).toBeUndefined();
    }
    // Every staff member's 5 pm is now held: one more request for that time is refused.
    const more = await online({ staffId: 8888, start: '05:00 pm', end: '05:45 pm' });
    expect(more.status).toBe(409);
  });
});
