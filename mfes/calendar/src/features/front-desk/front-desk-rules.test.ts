import type { AppointmentView, EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { approvedRequests, avatarLetter, checkInBody, checkInProblem, checkInStaff, clockIn, moveTurn, reasonProblem, serviceIdsOf, sheetCards, type Sheet } from './front-desk-rules';

const sheet = (over: Partial<Sheet> = {}): Sheet =>
  ({
    id: 1, storeId: 1, customer_name: 'Ana B.', customer_phone: '2155550101', service_by_customer: 'Gel Manicure', staff_by_customer: '', date: '2031-06-03',
    arrived_time: '10:00 am', appointment_id: null, checked: null, staffId: '', staff_fname: '', nickname: null, userFname: null, note: '',
    created_at: '', updated_at: '', party: null, turnWeight: null, ...over,
  }) as Sheet;
const employee = (over: Partial<EmployeeView>) => ({ id: 1, fname: 'linh', nickname: '', role: 'staff', archived: false, sortIndex: 0, ...over }) as EmployeeView;

describe('sheet cards', () => {
  it('when a party of 3 and a person alone sign in, then the party is one card in party order, placed where its first person arrived', () => {
    const party = { id: 'p1', size: 3 };
    const cards = sheetCards([
      sheet({ id: 4, party: { ...party, index: 3 } }),
      sheet({ id: 1 }),
      sheet({ id: 2, party: { ...party, index: 1 } }),
      sheet({ id: 3, party: { ...party, index: 2 } }),
    ]);
    expect(cards.map((c) => c.key)).toEqual(['sheet-1', 'party-p1']);
    expect(cards[1].sheets.map((s) => s.id)).toEqual([2, 3, 4]);
    expect(cards[1].party).toEqual({ id: 'p1', size: 3 });
  });
});

describe('check-in', () => {
  const ONE = 'Choose one staff member to check in a customer with an appointment.';

  it('when staff are offered, then TBD, no-role and archived entries are left out, in the store order', () => {
    const list = checkInStaff([employee({ id: 3, sortIndex: 2 }), employee({ id: 1, role: 'TBD' }), employee({ id: 2, archived: true }), employee({ id: 4, sortIndex: 1, role: 'admin' }), employee({ id: 5, role: 'none' })]);
    expect(list.map((e) => e.id)).toEqual([4, 3]);
  });

  it("when there is no picture, then the avatar is the first letter of the nickname, else of the first name", () => {
    expect(avatarLetter({ nickname: 'kim', fname: 'linh' })).toBe('K');
    expect(avatarLetter({ nickname: '', fname: 'linh' })).toBe('L');
  });

  it.each([
    ['nobody chosen', sheet(), [], 'Please choose a staff'],
    ['two chosen for an appointment', sheet({ appointment_id: 9 }), ['1', '2'], ONE],
    ['one chosen for an appointment', sheet({ appointment_id: 9 }), ['1'], null],
    ['two chosen without an appointment', sheet(), ['1', '2'], null],
    ['two chosen on Update', sheet({ appointment_id: 9, checked: '10:05 am' }), ['1', '2'], null],
  ] as const)('when %s, then the check-in is refused with the right words, or passes', (_, s, chosen, problem) => {
    expect(checkInProblem(s, chosen, ONE)).toBe(problem);
  });

  it("when the check-in time is taken, then it is the store's clock, 'hh:mm am'", () => {
    const at = new Date('2031-06-03T13:05:00Z');
    expect(clockIn(at, 'America/New_York')).toBe('09:05 am');
    expect(clockIn(new Date('2031-06-03T16:30:00Z'), 'America/New_York')).toBe('12:30 pm');
    expect(clockIn(new Date('2031-06-03T04:10:00Z'), 'America/New_York')).toBe('12:10 am');
  });

  it('when a sheet is checked in, then staff and time go (and a note written); on Update staff and note only', () => {
    const at = new Date('2031-06-03T13:05:00Z');
    const who = [employee({ id: 10001, nickname: 'kim' })];
    expect(checkInBody(sheet(), who, '', at, 'America/New_York')).toEqual({ staffId: '10001', staff_fname: 'kim', checked: '09:05 am' });
    expect(checkInBody(sheet(), who, 'gel', at, 'America/New_York')).toEqual({ staffId: '10001', staff_fname: 'kim', checked: '09:05 am', note: 'gel' });
    const two = [...who, employee({ id: 10002, fname: 'bo' })];
    expect(checkInBody(sheet({ checked: '09:05 am' }), two, 'x', at, 'America/New_York')).toEqual({ staffId: '10001, 10002', staff_fname: 'kim, bo', note: 'x' });
  });

  it("when the asked services are named, then 'Suggest next' gets their ids", () => {
    expect(serviceIdsOf('Gel Manicure, pedicure', [{ id: 1, name: 'Gel Manicure' }, { id: 2, name: 'Pedicure' }, { id: 3, name: 'Wax' }])).toEqual([1, 2]);
  });
});

describe('the online requests block', () => {
  const a = (over: Partial<AppointmentView>) => ({ id: 1, status: 'APPROVED', customerId: 5, startMin: 600, ...over }) as AppointmentView;
  it('when the day is read, then only approved online requests are listed, walk-ins never, by start time', () => {
    const day = {
      appointmentsOnline: [a({ id: 1, startMin: 700 }), a({ id: 2, status: 'PENDING' }), a({ id: 3, startMin: 600 }), a({ id: 4, sheetId: 12 })],
      appointments: [a({ id: 5, status: 'ON' })],
    };
    expect(approvedRequests(day).map((x) => x.id)).toEqual([3, 1]);
    expect(approvedRequests(undefined)).toEqual([]);
  });
});

describe('turns', () => {
  it('when a name is moved, then the others keep their order', () => {
    expect(moveTurn(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTurn(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('when a manual move is saved, then a reason is needed', () => {
    expect(reasonProblem('  ')).not.toBeNull();
    expect(reasonProblem('Kim came back from lunch')).toBeNull();
  });
});
