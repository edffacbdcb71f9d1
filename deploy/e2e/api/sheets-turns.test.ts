/**
 * A walk-in party through the gateway (docs/product/statuses.md): the kiosk finds or creates each person,
 * books their walk-in and signs them in with one Idempotency-Key per person (a retried sign-in writes
 * nothing new), reads its place and wait; the front desk checks one in: the appointment is ON with that
 * staff member, the turn list moves and the visit is counted. Another store is refused; bad input names
 * its field.
 */
import { randomUUID } from 'node:crypto';
import { todayIn } from '@turnbook/domain';
import { MESSAGES } from '@turnbook/contracts';
import { api, must } from '../src/api';
import { buildWorld, type World } from '../src/world';

let w: World;
let today: string;
const party = randomUUID();
const people: Array<{ customerId: number; appointmentId: number; sheetId: number; key: string; place: number; waitMinutes: number }> = [];

async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const sheetBody = (i: number, appointmentId: number) => ({
  storeId: w.storeId, customer_name: `Party ${i} ${w.tag}`, customer_phone: `267555${String(1000 + i)}`, service_by_customer: 'Matrix manicure',
  staff_by_customer: '', date: today, arrived_time: '11:07 am', appointment_id: appointmentId, party: { id: party, size: 3, index: i },
});

beforeAll(async () => {
  w = await buildWorld();
  today = todayIn('America/New_York');
}, 120_000);

describe('a walk-in party of 3 at the kiosk, checked in at the front desk', () => {
  it('when the kiosk signs in 3 people, retrying one sign-in with its key, then there are 3 sheets with places in line and waits', async () => {
    for (const i of [1, 2, 3]) {
      const phone = `267555${String(1000 + i)}`;
      const customer = (await must('POST', 'customer', { storeId: w.storeId, fname: `party${i}`, lname: w.tag, phone }, w.tokens.kiosk)).customer;
      expect(Object.keys(customer)).toEqual(['id']);
      const walkIn = {
        storeId: w.storeId, staffId: 8888, customerId: customer.id, serviceIds: `${w.serviceId}`, date: today, start: '11:07 am', end: '11:37 am',
        note: 'Walk in', createdBy: 0, modifiedBy: 0, status: 'PENDING',
      };
      const bookingKey = randomUUID();
      const booked = await must('POST', 'appointment', walkIn, w.tokens.kiosk, { 'Idempotency-Key': bookingKey });
      // A booking retried with its key answers the same appointment.
      expect((await must('POST', 'appointment', walkIn, w.tokens.kiosk, { 'Idempotency-Key': bookingKey })).appointment.id).toBe(booked.appointment.id);
      expect(booked.appointment).toMatchObject({ staffId: 8888, status: 'PENDING', start: '11:00 am', end: '11:30 am' });
      const key = randomUUID();
      const signed = await must('POST', 'sheet', sheetBody(i, booked.appointment.id), w.tokens.kiosk, { 'Idempotency-Key': key });
      people.push({ customerId: customer.id, appointmentId: booked.appointment.id, sheetId: signed.sheet.id, key, ...signed.queue });
    }
    // The tablet lost the answer of the second sign-in and sends it again with the same key.
    const retried = await api('POST', 'sheet', sheetBody(2, people[1].appointmentId), w.tokens.kiosk, { 'Idempotency-Key': people[1].key });
    expect([retried.status, retried.body.sheet.id]).toEqual([201, people[1].sheetId]);
    const { sheets } = await must('GET', `getSheetsByStoreId/${w.storeId}/${today}`, undefined, w.tokens.frontDesk);
    const ours = sheets.filter((s: { party: { id: string } | null }) => s.party?.id === party);
    expect(ours.map((s: { party: { index: number } }) => s.party.index)).toEqual([1, 2, 3]);
    expect(people.map((p) => p.place)).toEqual([people[0].place, people[0].place + 1, people[0].place + 2]);
    for (const p of people) expect(p.waitMinutes).toBeGreaterThanOrEqual(0);
  });

  it('when the kiosk reads the line, then it has places and waits without names or phones; the bell never counts the walk-ins', async () => {
    const queue = await must('GET', `getQueueByStoreIdAndDate/${w.storeId}/${today}`, undefined, w.tokens.kiosk);
    expect(queue.places.map((p: { sheetId: number }) => p.sheetId)).toEqual(expect.arrayContaining(people.map((p) => p.sheetId)));
    expect(JSON.stringify(queue)).not.toMatch(new RegExp(`Party|${w.tag}|267555`));
    const bell = await must('GET', `getAppointmentsOnlineByStoreId/${w.storeId}`, undefined, w.tokens.owner);
    const inBell = bell.appointments.map((a: { id: number }) => a.id);
    for (const p of people) expect(inBell).not.toContain(p.appointmentId);
  });

  it('when the front desk checks the first person in with two staff, then it is told to choose one; with one, the appointment is ON, the turn moves and the visit counts', async () => {
    const first = people[0];
    const two = await api('PATCH', `sheet/${first.sheetId}`, { staffId: `${w.staffIds.staff}, ${w.staffIds.admin}`, checked: '11:20 am' }, w.tokens.frontDesk);
    expect([two.status, two.body.code, two.body.message]).toEqual([400, 'oneStaffForCheckIn', MESSAGES.oneStaffForCheckIn]);
    const done = await must('PATCH', `sheet/${first.sheetId}`, { staffId: `${w.staffIds.staff}`, staff_fname: 'staff', checked: '11:20 am' }, w.tokens.frontDesk);
    expect(done.sheet).toMatchObject({ checked: '11:20 am', staffId: `${w.staffIds.staff}`, turnWeight: 1 });
    const appointment = await must('GET', `getAppointmentsById/${first.appointmentId}`, undefined, w.tokens.owner);
    expect(JSON.stringify(appointment)).toContain(`"staffId":${w.staffIds.staff}`);
    expect(JSON.stringify(appointment)).toContain(`"sheetId":${first.sheetId}`);
    const { turns } = await must('GET', `getTurnsByStoreIdAndDate/${w.storeId}/${today}`, undefined, w.tokens.kiosk);
    expect(turns[0].staffIds[turns[0].staffIds.length - 1]).toBe('staff');
    const { entries } = await must('GET', `getTurnHistory/${w.storeId}/${today}`, undefined, w.tokens.owner);
    expect(entries.find((e: { sheetId: number | null }) => e.sheetId === first.sheetId)).toMatchObject({ kind: 'checkin', by: { id: 0, name: 'store' }, staff: { id: w.staffIds.staff } });
    await eventually(async () => (await must('GET', `customer/${first.customerId}`, undefined, w.tokens.owner)).customer.visited === 1);
    const queue = await must('GET', `getQueueByStoreIdAndDate/${w.storeId}/${today}`, undefined, w.tokens.kiosk);
    expect(queue.places.map((p: { sheetId: number }) => p.sheetId)).not.toContain(first.sheetId);
  });

  it("when another store's owner or the kiosk reach for these records, then they are refused; unknown ids are not found", async () => {
    const sheet = people[1].sheetId;
    for (const [method, path, body] of [
      ['GET', `sheet/${sheet}`, undefined], ['PATCH', `sheet/${sheet}`, { note: 'x' }], ['GET', `getTurnHistory/${w.storeId}/${today}`, undefined],
      ['GET', `getSheetsByStoreId/${w.storeId}/${today}`, undefined], ['GET', `getQueueByStoreIdAndDate/${w.storeId}/${today}`, undefined],
    ] as const) {
      expect([path, (await api(method, path, body, w.tokens.otherOwner)).status]).toEqual([path, 403]);
    }
    for (const path of [`sheet/${sheet}`, `getSheetsByStoreId/${w.storeId}/${today}`, `getTurnHistory/${w.storeId}/${today}`, `getCustomersByStoreId/${w.storeId}`]) {
      expect([path, (await api('GET', path, undefined, w.tokens.kiosk)).status]).toEqual([path, 403]);
    }
    expect((await api('GET', 'sheet/999999999', undefined, w.tokens.owner)).status).toBe(404);
  });

  it('when the kiosk sends bad input, then it is 400 naming the field', async () => {
    const bad = await api('POST', 'sheet', { ...sheetBody(1, people[0].appointmentId), party: { id: party, size: 2, index: 5 } }, w.tokens.kiosk);
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('party')]);
    const badKey = await api('POST', 'sheet', sheetBody(1, people[0].appointmentId), w.tokens.kiosk, { 'Idempotency-Key': 'not-a-uuid' });
    expect([badKey.status, badKey.body.field]).toEqual([400, 'Idempotency-Key']);
  });
});
