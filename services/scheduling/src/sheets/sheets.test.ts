import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@turnbook/contracts';
import { collect } from '../test/events';
import { startKioskWorld } from '../test/kiosk-world';
import { count, type World } from '../test/world';

let w: World;
let gel: number;
let kiosk: string;
let desk: string;
let today: string;

beforeAll(async () => {
  ({ w, gel, kiosk, desk, today } = await startKioskWorld());
}, 60_000);
afterAll(async () => w?.stop());

/** The kiosk's walk-in: a PENDING appointment on 8888, then its sheet. */
const walkInBooking = (over: object = {}) => ({
  storeId: w.store.id, staffId: 8888, customerId: 51, serviceIds: `${gel}`, date: today, start: '11:07 am', end: '11:52 am',
  note: 'Walk in', createdBy: 0, modifiedBy: 0, status: 'PENDING', ...over,
});
const sheetBody = (over: object = {}) => ({
  storeId: w.store.id, customer_name: 'Ann Lee', customer_phone: '(215) 555-0101', service_by_customer: 'Gel Manicure', staff_by_customer: '',
  date: today, arrived_time: '11:07 am', ...over,
});
const signInWalkIn = async (over: object = {}, sheetOver: object = {}) => {
  const appointment = (await w.as(kiosk).post('/api/appointment', walkInBooking(over)).expect(201)).body.appointment;
  const res = await w.as(kiosk).post('/api/sheet', sheetBody({ appointment_id: appointment.id, ...sheetOver })).expect(201);
  return { appointment, sheet: res.body.sheet, queue: res.body.queue };
};

describe('walk-ins and sign-in sheets', () => {
  it('when the kiosk books a walk-in, then it starts at the nearest 15 minutes, keeps its length and is never in the bell', async () => {
    const { appointment, sheet } = await signInWalkIn();
    expect(appointment).toMatchObject({ staffId: 8888, status: 'PENDING', start: '11:00 am', end: '11:45 am', note: 'Walk in', createdBy: 0, sheetId: null });
    const bell = (await w.as('owner').get(`/api/getAppointmentsOnlineByStoreId/${w.store.id}`).expect(200)).body.appointments;
    expect(bell.map((a: { id: number }) => a.id)).not.toContain(appointment.id);
    const linked = (await w.as('owner').get(`/api/getAppointmentsById/${appointment.id}`).expect(200)).body;
    expect(JSON.stringify(linked)).toContain(`"sheetId":${sheet.id}`);
  });

  it('when a party of 3 signs in, then each gets a sheet with the party and a place in line after those already waiting', async () => {
    const before = (await w.as(kiosk).get(`/api/getQueueByStoreIdAndDate/${w.store.id}/${today}`).expect(200)).body.waiting;
    const party = randomUUID();
    const places: number[] = [];
    for (const index of [1, 2, 3]) {
      const { sheet, queue } = await signInWalkIn({ customerId: 60 + index }, { customer_name: `Guest ${index}`, party: { id: party, size: 3, index } });
      expect(sheet.party).toEqual({ id: party, size: 3, index });
      expect(queue.waitMinutes).toBeGreaterThanOrEqual(0);
      places.push(queue.place);
    }
    expect(places).toEqual([before + 1, before + 2, before + 3]);
    const q = (await w.as(kiosk).get(`/api/getQueueByStoreIdAndDate/${w.store.id}/${today}`).expect(200)).body;
    expect(q.waiting).toBe(before + 3);
    expect(JSON.stringify(q)).not.toMatch(/Guest|555|Ann/);
  });

  it('when a sign-in is retried with the same Idempotency-Key, then the first answer comes back and one sheet is written', async () => {
    const key = randomUUID();
    const body = sheetBody({ customer_name: 'Retry Person' });
    const first = await w.as(kiosk).post('/api/sheet', body).set('Idempotency-Key', key).expect(201);
    const [a, b] = await Promise.all([1, 2].map(() => w.as(kiosk).post('/api/sheet', body).set('Idempotency-Key', key)));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.sheet.id).toBe(first.body.sheet.id);
    expect(b.body.sheet.id).toBe(first.body.sheet.id);
    expect(await count(w, 'sheets', { customer_name: 'Retry Person' })).toBe(1);
  });

  it('when the front desk reads the day, then the sheets come in arrival order; by phone, newest first', async () => {
    await w.as(kiosk).post('/api/sheet', sheetBody({ customer_name: 'Late', arrived_time: '05:00 pm', customer_phone: '2155550199' })).expect(201);
    await w.as(kiosk).post('/api/sheet', sheetBody({ customer_name: 'Early', arrived_time: '08:00 am', customer_phone: '2155550199' })).expect(201);
    const { sheets } = (await w.as(desk).get(`/api/getSheetsByStoreId/${w.store.id}/${today}`).expect(200)).body;
    const times = sheets.map((s: { arrived_time: string }) => s.arrived_time);
    expect(times[0]).toBe('08:00 am');
    expect(times[times.length - 1]).toBe('05:00 pm');
    const byPhone = (await w.as('staff').get(`/api/getSheetByPhoneNumber/${w.store.id}/2155550199`).expect(200)).body.sheets;
    expect(byPhone.map((s: { customer_name: string }) => s.customer_name).sort()).toEqual(['Early', 'Late']);
  });

  it('when the kiosk asks for the sheets list, a sheet, a phone or the turn history, then it is refused; the queue and turns it may read', async () => {
    const { sheet } = await signInWalkIn({ customerId: 70 });
    const statuses = await Promise.all([
      w.as(kiosk).get(`/api/getSheetsByStoreId/${w.store.id}/${today}`),
      w.as(kiosk).get(`/api/sheet/${sheet.id}`),
      w.as(kiosk).get(`/api/getSheetByPhoneNumber/${w.store.id}/2155550101`),
      w.as(kiosk).get(`/api/getTurnHistory/${w.store.id}/${today}`),
      w.as(kiosk).patch(`/api/sheet/${sheet.id}`, { note: 'x' }),
      w.as(kiosk).get(`/api/getTurnsByStoreIdAndDate/${w.store.id}/${today}`),
    ]);
    expect(statuses.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 200]);
  });

  it('when a sheet with an appointment is checked in with two staff, then it is refused with oneStaffForCheckIn and nothing changes', async () => {
    const { sheet } = await signInWalkIn({ customerId: 71 });
    const res = await w.as(desk).patch(`/api/sheet/${sheet.id}`, { staffId: `${w.staffIds.staff}, ${w.staffIds.admin}`, staff_fname: 'staff, admin', checked: '11:30 am' }).expect(400);
    expect(res.body).toMatchObject({ code: 'oneStaffForCheckIn', message: MESSAGES.oneStaffForCheckIn, field: 'staffId' });
    expect((await w.as(desk).get(`/api/sheet/${sheet.id}`).expect(200)).body.sheet.checked).toBeNull();
  });

  it('when the front desk checks a walk-in in, then the sheet is checked, the appointment ON with that staff member, the turn moves and the visit event goes out', async () => {
    const { sheet, appointment } = await signInWalkIn({ customerId: 72 });
    const visits = collect<{ id: number; customerId: number | null }>(w.svc.bus.connection, `evt.sheet.${w.store.id}.checked_in`);
    const turnEvents = collect<{ staffIds: string[] }>(w.svc.bus.connection, `evt.turn.${w.store.id}.changed`);
    const res = await w.as(desk).patch(`/api/sheet/${sheet.id}`, { staffId: `${w.staffIds.staff}`, staff_fname: 'staff', checked: '11:30 am' }).expect(200);
    expect(res.body.sheet).toMatchObject({ checked: '11:30 am', staffId: `${w.staffIds.staff}`, staff_fname: 'staff', turnWeight: 1 });
    expect(await visits.waitFor((d) => d.id === sheet.id)).toMatchObject({ customerId: 72 });
    expect((await turnEvents.waitFor((d) => d.staffIds.includes('staff'))).staffIds).toContain('staff');
    visits.stop();
    turnEvents.stop();
    const after = (await w.as('owner').get(`/api/getAppointmentsById/${appointment.id}`).expect(200)).body;
    expect(JSON.stringify(after)).toContain(`"staffId":${w.staffIds.staff}`);
    expect(JSON.stringify(after)).toContain('"status":"ON"');
    const { turns } = (await w.as(kiosk).get(`/api/getTurnsByStoreIdAndDate/${w.store.id}/${today}`).expect(200)).body;
    expect(turns[0].staffIds[turns[0].staffIds.length - 1]).toBe('staff');
  });

  it('when a checked-in sheet is updated with another staff member, then the sheet saves them and the turns do not move: only Check In gives a turn', async () => {
    const { sheet } = await signInWalkIn({ customerId: 73 });
    await w.as(desk).patch(`/api/sheet/${sheet.id}`, { staffId: `${w.staffIds.admin}`, checked: '11:40 am' }).expect(200);
    const turnsBefore = (await w.as(kiosk).get(`/api/getTurnsByStoreIdAndDate/${w.store.id}/${today}`).expect(200)).body.turns[0].staffIds;
    const res = await w.as(desk).patch(`/api/sheet/${sheet.id}`, { staffId: `${w.staffIds.admin}, ${w.staffIds.superadmin}`, note: 'helped' }).expect(200);
    expect(res.body.sheet).toMatchObject({ checked: '11:40 am', staffId: `${w.staffIds.admin}, ${w.staffIds.superadmin}`, note: 'helped' });
    await w.as(desk).patch(`/api/sheet/${sheet.id}`, { staffId: `${w.staffIds.superadmin}`, note: 'switched' }).expect(200);
    const { entries } = (await w.as('owner').get(`/api/getTurnHistory/${w.store.id}/${today}`).expect(200)).body;
    expect(entries.filter((e: { sheetId: number | null }) => e.sheetId === sheet.id).map((e: { kind: string }) => e.kind)).toEqual(['checkin']);
    const turnsAfter = (await w.as(kiosk).get(`/api/getTurnsByStoreIdAndDate/${w.store.id}/${today}`).expect(200)).body.turns[0].staffIds;
    expect(turnsAfter).toEqual(turnsBefore);
  });

  it("when a member of another store or the limited staff patch a sheet, then they are refused; another store's sheet is not found", async () => {
    const { sheet } = await signInWalkIn({ customerId: 74 });
    const statuses = [
      (await w.as('other').patch(`/api/sheet/${sheet.id}`, { note: 'x' })).status,
      (await w.as('limited').patch(`/api/sheet/${sheet.id}`, { note: 'x' })).status,
      (await w.as('owner').get('/api/sheet/999999999')).status,
      (await w.as(w.svc.keys.kiosk(w.otherStore.id)).post('/api/sheet', sheetBody())).status,
    ];
    expect(statuses).toEqual([403, 403, 404, 403]);
    expect((await w.as('owner').get(`/api/sheet/${sheet.id}`)).body.sheet.note).toBe('');
  });

  it('when a sheet comes with bad input, then it is 400 naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ customer_name: '' }, 'customer_name'],
      [{ arrived_time: 'noon-ish' }, 'arrived_time'],
      [{ party: { id: 'nope', size: 2, index: 1 } }, 'party'],
      [{ party: { id: randomUUID(), size: 2, index: 3 } }, 'party'],
      [{ appointment_id: 999999999 }, 'appointment_id'],
    ];
    for (const [over, field] of cases) {
      const res = await w.as(kiosk).post('/api/sheet', sheetBody(over));
      expect([res.status, JSON.stringify(res.body)]).toEqual([400, expect.stringContaining(field)]);
    }
  });
});

describe('signing in a booked appointment', () => {
  /** An appointment the owner booked for today, with its customer as the store knows them. */
  const booked = async (customerId: number, customer: object = {}) => {
    const { appointment } = (await w.as('owner').post('/api/appointment', {
      storeId: w.store.id, staffId: w.staffIds.staff, customerId, serviceIds: `${gel}`, date: today, start: '05:00 pm', end: '05:45 pm',
    }).expect(201)).body;
    await w.svc.db.collection('appointments').updateOne({ _id: appointment.id } as never, {
      $set: { customerFname: 'olivia', customerLname: 'brown', customerPhone: '2155550142', customerEmail: 'olivia@example.com', ...customer },
    });
    return appointment as { id: number };
  };
  /** What the kiosk sends after a search by last name: the door's short name, and no phone. */
  const express = (appointmentId: number) => sheetBody({ appointment_id: appointmentId, customer_name: 'Olivia B.', customer_phone: '', arrived_time: '04:50 pm' });

  it('when an appointment is signed in a second time, then nothing is written and the answer is the first sheet, said to be signed in already', async () => {
    const appointment = await booked(81);
    const first = await w.as(kiosk).post('/api/sheet', express(appointment.id)).expect(201);
    expect(first.body.alreadySignedIn).toBeUndefined();
    const second = await w.as(kiosk).post('/api/sheet', express(appointment.id)).expect(200);
    expect(second.body).toMatchObject({ alreadySignedIn: true, sheet: { id: first.body.sheet.id }, queue: null });
    const fromDesk = await w.as(desk).post('/api/sheet', express(appointment.id)).expect(200);
    expect(fromDesk.body.sheet.id).toBe(first.body.sheet.id);
    expect(await count(w, 'sheets', { appointment_id: appointment.id })).toBe(1);
  });

  it('when one appointment is signed in from six screens at once, then exactly one sheet is written and every answer names it', async () => {
    const appointment = await booked(82);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => w.as(i % 2 ? desk : kiosk).post('/api/sheet', express(appointment.id))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.sheet.id)).size).toBe(1);
    expect(await count(w, 'sheets', { appointment_id: appointment.id })).toBe(1);
  });

  it("when a booked appointment is signed in from a search by last name or email, then the sheet carries the customer's full name and phone, not the door's short name", async () => {
    const appointment = await booked(83);
    const res = await w.as(kiosk).post('/api/sheet', express(appointment.id)).expect(201);
    expect(res.body.sheet).toMatchObject({ customer_name: 'Olivia Brown', customer_phone: '2155550142' });
    const { sheets } = (await w.as(desk).get(`/api/getSheetsByStoreId/${w.store.id}/${today}`).expect(200)).body;
    expect(sheets.find((s: { id: number }) => s.id === res.body.sheet.id)).toMatchObject({ customer_name: 'Olivia Brown', customer_phone: '2155550142' });
  });

  it("when a walk-in's own appointment is signed in, then the sheet keeps the name typed at the door (a party's '(2 of 3)' too)", async () => {
    const { sheet } = await signInWalkIn({ customerId: 84 }, { customer_name: 'Guest Party (2 of 3)' });
    expect(sheet.customer_name).toBe('Guest Party (2 of 3)');
  });
});
