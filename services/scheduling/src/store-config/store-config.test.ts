import request from 'supertest';
import { DateTime } from 'luxon';
import type { AvailabilitySlot } from '@turnbook/contracts/schemas/appointments';
import type { BuiltService } from '@turnbook/service-kit';
import { eventually } from '@turnbook/test-kit';
import { nextMonday } from '../test/days';
import { startWorldWithGel, type World } from '../test/world';

let w: World;
let second: BuiltService;
let gel: number;
/** A Monday (the test store is open 10 am to 6 pm) a few days ahead. */
let monday: string;

beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
  // Another instance on the same database: it answers from its own copies, the first one takes the writes.
  second = await w.anotherInstance();
  monday = nextMonday();
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await w?.stop();
});

/** Availability as the second instance answers it. */
const onSecond = (query: string) => request(second.app).get(`/api/availability/${w.store.id}/${monday}?${query}`);
const slotsOnSecond = async (query: string): Promise<AvailabilitySlot[]> => (await onSecond(query).expect(200)).body.slots;
const freeFor = (slots: AvailabilitySlot[], staffId: number) => slots.filter((s) => s.free && s.staffId === staffId).length;
/**
 * Another instance hears of a change over core NATS (docs/decisions.md, "bounded staleness"): one hop, which a
 * loaded test machine can delay past this process's own next request. Half a second is far less than the 2 s
 * a copy may be reused without hearing anything, so what answers in time is the feed.
 */
const soon = <T>(check: () => Promise<T>) => eventually(check, 500);

describe('store configuration kept in each instance', () => {
  it('when a service is added on one instance, then another instance\'s availability offers it at once', async () => {
    expect((await onSecond(`serviceIds=${gel}`).expect(200)).body.duration).toBe(45);
    const pedicure = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Pedicure', duration: 60, price: 40, icon: '3', type: 'ALL' }).expect(201)).body.service.id;
    // at once even when the change has not reached the other instance yet: a service its copy does not know is read again
    expect((await onSecond(`serviceIds=${pedicure}`).expect(200)).body.duration).toBe(60);
  });

  it('when services are changed or deleted on one instance, then another instance\'s availability answers with the change as soon as the change reaches it', async () => {
    const pedicure = (await w.as('owner').post('/api/service', { storeId: w.store.id, name: 'Toes', duration: 60, price: 40, icon: '3', type: 'ALL' }).expect(201)).body.service.id;
    const onSecondSoon = (query: string, status: number) => soon(async () => (await onSecond(query).expect(status)).body);

    await w.as('owner').patch(`/api/service/${pedicure}`, { duration: 30 }).expect(200);
    expect((await onSecondSoon(`serviceIds=${pedicure}`, 200)).duration).toBe(30);

    await w.as('owner').patch(`/api/service/${pedicure}`, { type: 'INTERNAL' }).expect(200);
    expect((await onSecondSoon(`serviceIds=${pedicure}`, 400)).field).toBe('serviceIds');

    await w.as('owner').delete(`/api/service/${pedicure}`).expect(200);
    expect((await onSecondSoon(`serviceIds=${pedicure}&mode=staff`, 400)).field).toBe('serviceIds');
  });

  it('when a staff member takes the weekday off, turns online booking off or is archived on one instance, then another instance\'s availability leaves them out as soon as the change reaches it', async () => {
    const target = w.staffIds.staff;
    const mine = `serviceIds=${gel}&staffId=${target}`;
    const free = async (query: string) => freeFor(await slotsOnSecond(query), target);
    expect(await free(mine)).toBeGreaterThan(0);

    await w.as('owner').post(`/api/updateEmployeeSchedule/${target}`, { dayOff: 'mon' }).expect(200);
    await soon(async () => expect(await free(mine)).toBe(0));
    expect(await free(`serviceIds=${gel}`)).toBe(0);

    await w.as('owner').post(`/api/updateEmployeeSchedule/${target}`, { dayOff: 'sun' }).expect(200);
    await soon(async () => expect(await free(mine)).toBeGreaterThan(0));

    await w.as('owner').post(`/api/updateEmployeeOnlineBooking/${target}`, { online_booking: 'OFF' }).expect(200);
    await soon(async () => expect(await free(mine)).toBe(0));
    expect(await free(`serviceIds=${gel}`)).toBe(0);

    await w.as('owner').post(`/api/updateEmployeeOnlineBooking/${target}`, { online_booking: 'ON' }).expect(200);
    await soon(async () => expect(await free(mine)).toBeGreaterThan(0));

    await w.as('owner').get(`/api/removeEmployee/${target}`).expect(200);
    await soon(async () => expect(await free(mine)).toBe(0));
    expect(await free(`serviceIds=${gel}`)).toBe(0);
  });

  it('when a staff member is booked on one instance, then the other instance\'s calendar day and availability show it on the next read', async () => {
    const target = w.staffIds.admin;
    const dayOnSecond = async () =>
      (await request(second.app).get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${monday}`).set('authorization', `Bearer ${w.tokens.owner}`).expect(200)).body;
    const before = await dayOnSecond();
    expect(before.appointments).toEqual([]);
    const booked = (
      await w.as('owner')
        .post('/api/appointment', { storeId: w.store.id, staffId: target, customerId: 41, serviceIds: `${gel}`, date: monday, start: '10:00 am', end: '10:45 am' })
        .expect(201)
    ).body.appointment;
    const after = await dayOnSecond();
    expect(after.appointments.map((a: { id: number }) => a.id)).toEqual([booked.id]);
    const slots = await slotsOnSecond(`serviceIds=${gel}&staffId=${target}`);
    expect(slots.find((s) => s.start === '10:00 am' && s.free)).toBeUndefined();
  });

  it('when an owner and a limited staff member read the same unchanged day in turn, then each gets their own view every time', async () => {
    const date = DateTime.fromISO(monday).plus({ weeks: 1 }).toISODate()!;
    const book = async (staffId: number, start: string, end: string) =>
      (await w.as('owner').post('/api/appointment', { storeId: w.store.id, staffId, customerId: 41, serviceIds: `${gel}`, date, start, end }).expect(201)).body.appointment.id as number;
    const mine = await book(w.staffIds.limited, '11:00 am', '11:45 am');
    const theirs = await book(w.staffIds.admin, '12:00 pm', '12:45 pm');
    const read = async (role: 'owner' | 'limited') =>
      (await request(second.app).get(`/api/getAppointmentsByStoreIdAndDate/${w.store.id}/${date}`).set('authorization', `Bearer ${w.tokens[role]}`).expect(200)).body;
    for (let round = 0; round < 2; round++) {
      const owner = await read('owner');
      expect(owner.appointments.map((a: { id: number }) => a.id)).toEqual([mine, theirs]);
      expect(owner.appointments[0].sale).not.toBeNull();
      expect(owner.appointments[1]).toMatchObject({ customerId: 41 });
      // limited staff: their own with its sale, a colleague's with its customer but no sale
      const limited = await read('limited');
      expect(limited.appointments.map((a: { id: number; customerId: number; sale: number | null }) => [a.id, a.customerId, a.sale])).toEqual([[mine, 41, 0], [theirs, 41, null]]);
    }
  });
});
