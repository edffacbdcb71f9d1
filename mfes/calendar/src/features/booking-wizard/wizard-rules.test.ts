import {
  appointmentBodies,
  dateProblem,
  endTime,
  groupNote,
  longestSelection,
  needsCardForGroup,
  newCustomerBody,
  resizeSelections,
  servicesProblem,
  toggleService,
  totalDuration,
  WIZARD_MESSAGES,
} from './wizard-rules';

const service = (id: number, duration: number, over: Partial<{ status: string; type: 'INTERNAL' | 'EXTERNAL' | 'ALL'; sortIndex: number }> = {}) => ({
  id, storeId: 1, name: `s${id}`, duration, price: 20, priceCents: 2000, color: 'fff', icon: '', type: 'INTERNAL' as const, status: 'ON', sortIndex: id, ...over,
});
const services = [service(1, 30), service(2, 45), service(3, 15)];

describe('booking wizard rules', () => {
  it('when services are selected and deselected, then their durations add up and subtract', () => {
    let sel = toggleService([], 1);
    sel = toggleService(sel, 2);
    expect(totalDuration(sel, services)).toBe(75);
    sel = toggleService(sel, 1);
    expect(sel).toEqual([2]);
    expect(totalDuration(sel, services)).toBe(45);
  });

  it('when a group is sized, then each person keeps their choices and every one needs a service', () => {
    const grown = resizeSelections([[1]], 3);
    expect(grown).toEqual([[1], [], []]);
    expect(servicesProblem(grown)).toBe(WIZARD_MESSAGES.addService);
    expect(servicesProblem([[1], [2], [3]])).toBeNull();
    expect(servicesProblem([[]])).toBe('Please add at least one service');
    expect(resizeSelections([[1], [2], [3]], 2)).toEqual([[1], [2]]);
  });

  it('when a group of 3 or more is chosen, then a card is needed, and its note names the size', () => {
    expect(needsCardForGroup(2)).toBe(false);
    expect(needsCardForGroup(3)).toBe(true);
    expect(groupNote(4)).toBe('group size: 4');
    expect(WIZARD_MESSAGES.groupCard).toBe('Need Credit card information for group from 3 and up.');
  });

  it('when the date is before today, then it is invalid; today and later are fine', () => {
    expect(dateProblem('2026-11-22', '2026-11-23')).toBe('Appointment date must be a current or future date.');
    expect(dateProblem('2026-11-23', '2026-11-23')).toBeNull();
    expect(dateProblem('2027-01-02', '2026-11-23')).toBeNull();
    expect(dateProblem('', '2026-11-23')).not.toBeNull();
  });

  it('when a start and a length are given, then the end is the 12-hour time after it, at most midnight', () => {
    expect(endTime('09:30 am', 75)).toBe('10:45 am');
    expect(endTime('11:45 am', 30)).toBe('12:15 pm');
    expect(endTime('11:30 pm', 60)).toBe('12:00 am');
  });

  it('when a group of 3 books, then there is one appointment per person, all starting together, each ending with its own services', () => {
    const bodies = appointmentBodies({ storeId: 1, staffId: 10001, customerId: 5, selections: [[1], [2], [1, 3]], date: '2026-12-01', start: '10:00 am', note: 'birthday' }, services);
    expect(bodies).toHaveLength(3);
    expect(bodies.map((b) => [b.serviceIds, b.start, b.end])).toEqual([
      ['1', '10:00 am', '10:30 am'],
      ['2', '10:00 am', '10:45 am'],
      ['1,3', '10:00 am', '10:45 am'],
    ]);
    expect(new Set(bodies.map((b) => b.note))).toEqual(new Set(['group size: 3 birthday']));
    expect(bodies.every((b) => b.customerId === 5 && b.staffId === 10001)).toBe(true);
    expect(longestSelection([[1], [2], [1, 3]], services)).toEqual([2]);
  });

  it('when an individual is rebooked, then one appointment names the old one and carries no group note', () => {
    const [body, ...rest] = appointmentBodies({ storeId: 1, staffId: 10001, customerId: 5, selections: [[2]], date: '2026-12-01', start: '01:00 pm', note: '', rebookOf: 77 }, services);
    expect(rest).toHaveLength(0);
    expect(body).toMatchObject({ appointmentId: 77, note: '', end: '01:45 pm' });
  });

  it('when a new customer is stored, then the names are lowercase, the phone digits only and the email empty', () => {
    expect(newCustomerBody(1, { fname: ' Mary ', lname: 'McKay', phone: '(512) 555-0100' })).toEqual({ storeId: 1, fname: 'mary', lname: 'mckay', phone: '5125550100', email: '' });
  });
});
