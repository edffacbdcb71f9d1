import { count, startWorldWithGel, type World } from '../test/world';

// Ruling 5: a staff booking or move names someone who works that date: not on a weekly day off unless they
// already have an appointment that date. The world's store is open Mondays and Tuesdays.
const MONDAY = '2031-06-02';
const NEXT_MONDAY = '2031-06-09';
const TUESDAY = '2031-06-03';

let w: World;
let gel: number;

beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
}, 60_000);
afterAll(async () => w?.stop());

/** A new staff member (no account) of the store, named `nickname`. */
const newStaff = async (nickname: string) => (await w.as('owner').post('/api/staff', { hasAccount: 'noAccount', nickname, storeId: w.store.id }).expect(201)).body.employee.id as number;
const takesOff = (staffId: number, dayOff: string) => w.as('owner').post(`/api/updateEmployeeSchedule/${staffId}`, { dayOff }).expect(200);
const booking = (staffId: number, date: string, over: object = {}) => ({ storeId: w.store.id, staffId, customerId: 41, serviceIds: `${gel}`, date, start: '10:00 am', end: '10:45 am', note: '', ...over });
const book = (staffId: number, date: string, over: object = {}) => w.as('owner').post('/api/appointment', booking(staffId, date, over));
const onDay = (date: string) => count(w, 'appointments', { storeId: w.store.id, date });
const record = (id: number) => w.svc.db.collection('appointments').findOne({ _id: id } as never);
const offOnMondays = (name: string) => ({ code: 'staffDayOff', field: 'staffId', message: `${name} does not work on Mondays. Choose another staff member or day.` });

describe('staff booking on a weekly day off (ruling 5)', () => {
  it('when a staff member is booked on their weekly day off with nothing else that date, then it answers 409 staffDayOff naming them and writes nothing', async () => {
    const dana = await newStaff('Dana');
    await takesOff(dana, 'mon');
    const before = await onDay(MONDAY);
    const res = await book(dana, MONDAY).expect(409);
    expect(res.body).toEqual(offOnMondays('Dana'));
    expect(await onDay(MONDAY)).toBe(before);
    await book(dana, TUESDAY).expect(201);
  });

  it('when the staff member already has a live appointment that date, then another booking on their day off is saved', async () => {
    const erin = await newStaff('Erin');
    await book(erin, MONDAY).expect(201);
    await takesOff(erin, 'mon');
    const second = await book(erin, MONDAY, { start: '02:00 pm', end: '02:45 pm', customerId: 42 }).expect(201);
    expect(second.body.appointment).toMatchObject({ staffId: erin, date: MONDAY, start: '02:00 pm', status: 'ON' });
    expect((await book(erin, NEXT_MONDAY).expect(409)).body).toEqual(offOnMondays('Erin'));
  });

  it('when their only appointment that date is cancelled, or is a day-off record, then it does not count as working and the booking is refused', async () => {
    const fay = await newStaff('Fay');
    const cancelled = (await book(fay, MONDAY).expect(201)).body.appointment;
    await w.as('owner').get(`/api/cancelAppointment/${cancelled.id}`).expect(200);
    await w.as('owner').post('/api/appointment', { ...booking(fay, MONDAY), customerId: 0, serviceIds: '0', start: '09:00 am', end: '05:00 pm', note: 'OFF' }).expect(201);
    await takesOff(fay, 'mon');
    const before = await onDay(MONDAY);
    expect((await book(fay, MONDAY, { start: '01:00 pm', end: '01:45 pm' }).expect(409)).body).toEqual(offOnMondays('Fay'));
    expect(await onDay(MONDAY)).toBe(before);
  });

  it('when one member of a group is on their weekly day off, then the group is refused naming that member and nothing is written', async () => {
    const gwen = await newStaff('Gwen');
    const hana = await newStaff('Hana');
    await takesOff(hana, 'mon');
    const before = await onDay(NEXT_MONDAY);
    const members = [booking(gwen, NEXT_MONDAY), booking(hana, NEXT_MONDAY, { customerId: 42 })].map(({ storeId: _s, ...m }) => m);
    const res = await w.as('owner').post('/api/appointments/group', { storeId: w.store.id, members }).expect(409);
    expect(res.body).toEqual({ ...offOnMondays('Hana'), field: 'members.1.staffId' });
    expect(await onDay(NEXT_MONDAY)).toBe(before);
  });

  it('when an edit moves an appointment to a staff member on their day off, or to a date that is its staff member\'s day off, then it answers 409 and the record is unchanged', async () => {
    const ida = await newStaff('Ida');
    const jo = await newStaff('Jo');
    await takesOff(jo, 'mon');
    const onMonday = (await book(ida, MONDAY, { start: '03:00 pm', end: '03:45 pm' }).expect(201)).body.appointment;
    const toJo = await w.as('owner').patch(`/api/appointment/${onMonday.id}`, { staffId: jo }).expect(409);
    expect(toJo.body).toEqual(offOnMondays('Jo'));
    expect(await record(onMonday.id)).toMatchObject({ staffId: ida, date: MONDAY, start: '03:00 pm' });

    const josTuesday = (await book(jo, TUESDAY).expect(201)).body.appointment;
    const toMonday = await w.as('owner').patch(`/api/appointment/${josTuesday.id}`, { date: NEXT_MONDAY, start: '11:00 am' }).expect(409);
    expect(toMonday.body).toEqual(offOnMondays('Jo'));
    expect(await record(josTuesday.id)).toMatchObject({ staffId: jo, date: TUESDAY, start: '10:00 am', end: '10:45 am' });
  });

  it('when an appointment on a day its staff member now has off is rescheduled within that day, then it moves; moving it to another such day is refused', async () => {
    const kim = await newStaff('Kim');
    const a = (await book(kim, MONDAY, { start: '11:00 am', end: '11:45 am' }).expect(201)).body.appointment;
    await takesOff(kim, 'mon');
    // what the edit form sends: every field, staff and date as they were
    const res = await w.as('owner').patch(`/api/appointment/${a.id}`, { staffId: kim, date: MONDAY, start: '04:00 pm', end: '04:45 pm', note: 'later' }).expect(200);
    expect(res.body.appointment).toMatchObject({ staffId: kim, date: MONDAY, start: '04:00 pm', end: '04:45 pm' });
    // the appointment moved is not their work on the new date
    expect((await w.as('owner').patch(`/api/appointment/${a.id}`, { date: NEXT_MONDAY }).expect(409)).body).toEqual(offOnMondays('Kim'));
  });

  it('when a staff member is refused on their day off, then the To Be Determined, Online and Unassigned columns still take bookings and moves that date', async () => {
    const lee = await newStaff('Lee');
    await takesOff(lee, 'mon');
    await book(lee, NEXT_MONDAY, { start: '05:00 pm', end: '05:45 pm' }).expect(409);
    for (const column of [0, 8888, 9999]) {
      const a = (await book(column, TUESDAY, { start: '05:00 pm', end: '05:45 pm' }).expect(201)).body.appointment;
      await w.as('owner').patch(`/api/appointment/${a.id}`, { date: NEXT_MONDAY }).expect(200);
      await book(column, NEXT_MONDAY, { start: '05:00 pm', end: '05:45 pm' }).expect(201);
    }
    const onLee = (await book(lee, TUESDAY, { start: '05:00 pm', end: '05:45 pm' }).expect(201)).body.appointment;
    await w.as('owner').patch(`/api/appointment/${onLee.id}`, { staffId: 9999, date: NEXT_MONDAY }).expect(200);
    // 1111 (Cancelled) is no column to book on: its own 400, never a day off
    expect((await book(1111, NEXT_MONDAY).expect(400)).body.field).toBe('staffId');
  });
});
