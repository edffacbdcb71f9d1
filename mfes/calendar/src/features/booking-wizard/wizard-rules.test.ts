import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import {
  appointmentBodies,
  customerPageOutcome,
  dateProblem,
  endTime,
  groupNote,
  longestSelection,
  needsCardForGroup,
  newCustomerBody,
  openingState,
  PAGES,
  resizeSelections,
  servicesProblem,
  toggleService,
  totalDuration,
  WIZARD_MESSAGES,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-rules';

const service = (id: number, duration: number, over: Partial<{ status: string; type: 'INTERNAL' | 'EXTERNAL' | 'ALL'; sortIndex: number }> = {}) => ({
  id, storeId: 1, name: `s${id}`, duration, price: 20, priceCents: 2000, color: 'fff', icon: '', type: 'INTERNAL' as const, status: 'ON', sortIndex: id, ...over,
});
const services = [service(1, 30), service(2, 45), service(3, 15)];
const NY = 'America/New_York';

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
    expect(endTime('09:30 am', 75, NY, '2026-12-01')).toBe('10:45 am');
    expect(endTime('11:45 am', 30, NY, '2026-12-01')).toBe('12:15 pm');
    expect(endTime('11:30 pm', 60, NY, '2026-12-01')).toBe('12:00 am');
  });

  it("when the service runs across a spring-forward night's missing hour, then the end is on the real clock", () => {
    expect(endTime('01:30 am', 45, NY, '2027-03-14')).toBe('03:15 am');
    expect(appointmentBodies({ storeId: 1, staffId: 10001, customerId: 5, selections: [[2]], date: '2027-03-14', start: '01:30 am', note: '' }, services, NY)[0].end).toBe('03:15 am');
  });

  it('when a group of 3 books, then there is one appointment per person, all starting together, each ending with its own services', () => {
    const bodies = appointmentBodies({ storeId: 1, staffId: 10001, customerId: 5, selections: [[1], [2], [1, 3]], date: '2026-12-01', start: '10:00 am', note: 'birthday' }, services, NY);
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
    const [body, ...rest] = appointmentBodies({ storeId: 1, staffId: 10001, customerId: 5, selections: [[2]], date: '2026-12-01', start: '01:00 pm', note: '', rebookOf: 77 }, services, NY);
    expect(rest).toHaveLength(0);
    expect(body).toMatchObject({ appointmentId: 77, note: '', end: '01:45 pm' });
  });

  it('when a new customer is stored, then the names are lowercase, the phone digits only and the email empty', () => {
    expect(newCustomerBody(1, { fname: ' Mary ', lname: 'McKay', phone: '(512) 555-0100' })).toEqual({ storeId: 1, fname: 'mary', lname: 'mckay', phone: '5125550100', email: '' });
  });
});

describe('booking wizard pages (the reducer)', () => {
  const fresh = () => openingState({ date: '2026-12-01' });
  const run = (s: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, s);
  const ann = { id: 5, fname: 'ann', lname: 'lee', phone: '5125550111' };

  it('when the wizard opens from a slot, then it is on page 1 with nothing chosen but the slot', () => {
    const s = openingState({ date: '2026-12-01', staffId: 10001, time: '10:00 am' });
    expect(s).toMatchObject({ page: PAGES.kind, history: [], problem: null });
    expect(s.draft).toMatchObject({ kind: null, size: 1, customer: null, staffId: 10001, start: '10:00 am', selections: [[]] });
  });

  it('when a rebook opens, then it is on the staff page with the customer and services, and Back walks the pages back', () => {
    const rebookOf = { id: 77, customerId: 5, customerFname: 'ann', customerLname: 'lee', customerPhone: '5125550111', staffId: 10002, services: [{ id: 2 }] } as unknown as AppointmentView;
    const s = openingState({ date: '2026-12-01', rebookOf });
    expect(s.page).toBe(PAGES.staff);
    expect(s.draft).toMatchObject({ kind: 'individual', customer: ann, staffId: 10002, selections: [[2]], rebookOf: 77 });
    expect(run(s, { type: 'back' }).page).toBe(PAGES.customerSearch);
    expect(run(s, { type: 'back' }, { type: 'back' }, { type: 'back' }).page).toBe(PAGES.kind);
  });

  it('when the quick booking carries a typed new customer, then it opens on the new-customer page; a carried group opens on its size', () => {
    expect(openingState({ date: '2026-12-01', carried: { newCustomer: { fname: 'bo', lname: '', phone: '' } } }).page).toBe(PAGES.customerNew);
    const group = openingState({ date: '2026-12-01', carried: { size: 3, serviceIds: [1] } });
    expect(group.page).toBe(PAGES.groupSize);
    expect(group.draft).toMatchObject({ kind: 'group', size: 3, selections: [[1], [1], [1]] });
  });

  it('when Individual is chosen, then one person is booked and the customer page follows', () => {
    const s = run(fresh(), { type: 'kind', kind: 'individual' });
    expect(s.page).toBe(PAGES.customerChoice);
    expect(s.draft).toMatchObject({ kind: 'individual', size: 1, selections: [[]] });
  });

  it('when Group is chosen, then the size page asks for at least 2, and Next goes to the main contact with one selection per person', () => {
    let s = run(fresh(), { type: 'kind', kind: 'group' });
    expect(s.page).toBe(PAGES.groupSize);
    expect(s.draft.size).toBe(2);
    s = run(s, { type: 'set', patch: { size: 0 } }, { type: 'sizeNext' });
    expect(s).toMatchObject({ page: PAGES.groupSize, problem: WIZARD_MESSAGES.groupSize });
    s = run(s, { type: 'set', patch: { size: 3 } });
    expect(s.problem).toBeNull();
    s = run(s, { type: 'sizeNext' });
    expect(s.page).toBe(PAGES.groupContactChoice);
    expect(s.draft.selections).toEqual([[], [], []]);
    expect(run(s, { type: 'choose', how: 'search' }).page).toBe(PAGES.groupContactSearch);
    expect(run(s, { type: 'choose', how: 'new' }).page).toBe(PAGES.groupContactNew);
  });

  it('when New customer is chosen, then the customer picked before is dropped', () => {
    const s = run(fresh(), { type: 'kind', kind: 'individual' }, { type: 'set', patch: { customer: ann } }, { type: 'choose', how: 'new' });
    expect(s.page).toBe(PAGES.customerNew);
    expect(s.draft.customer).toBeNull();
  });

  it('when a customer page is left, then a picked customer goes on, a search without one or unconfirmed matches is a message, else the form is checked', () => {
    expect(customerPageOutcome(PAGES.customerSearch, { customer: ann, createAnyway: false }, 0)).toBe('existing');
    expect(customerPageOutcome(PAGES.customerSearch, { customer: null, createAnyway: false }, 0)).toEqual({ problem: WIZARD_MESSAGES.selectOrConfirmNew });
    expect(customerPageOutcome(PAGES.groupContactSearch, { customer: null, createAnyway: false }, 0)).toEqual({ problem: WIZARD_MESSAGES.selectCustomer });
    expect(customerPageOutcome(PAGES.customerNew, { customer: null, createAnyway: false }, 2)).toEqual({ problem: WIZARD_MESSAGES.selectOrConfirmNew });
    expect(customerPageOutcome(PAGES.groupContactNew, { customer: null, createAnyway: false }, 2)).toEqual({ problem: WIZARD_MESSAGES.selectCustomer });
    expect(customerPageOutcome(PAGES.customerNew, { customer: null, createAnyway: true }, 2)).toBe('validate');
    expect(customerPageOutcome(PAGES.customerNew, { customer: null, createAnyway: false }, 0)).toBe('validate');
    const s = run(fresh(), { type: 'kind', kind: 'individual' }, { type: 'choose', how: 'new' }, { type: 'customerDone', isNew: true });
    expect(s).toMatchObject({ page: PAGES.staff, draft: { isNew: true } });
  });

  it('when Next is pressed on the staff page without a choice, then it asks for one; with one, the services page follows', () => {
    const onStaff = { ...fresh(), page: PAGES.staff };
    expect(run(onStaff, { type: 'staffNext' })).toMatchObject({ page: PAGES.staff, problem: WIZARD_MESSAGES.chooseStaff });
    expect(run(onStaff, { type: 'set', patch: { staffId: 10001 } }, { type: 'staffNext' }).page).toBe(PAGES.services);
  });

  it('when services are toggled per person, then Next needs one for everyone and then goes to the time page', () => {
    let s = run(fresh(), { type: 'kind', kind: 'group' }, { type: 'set', patch: { size: 2 } }, { type: 'sizeNext' }, { type: 'go', page: PAGES.services });
    s = run(s, { type: 'toggleService', person: 0, serviceId: 1 }, { type: 'servicesNext' });
    expect(s).toMatchObject({ page: PAGES.services, problem: WIZARD_MESSAGES.addService });
    s = run(s, { type: 'toggleService', person: 1, serviceId: 2 });
    expect(s.problem).toBeNull();
    s = run(s, { type: 'servicesNext' });
    expect(s.page).toBe(PAGES.time);
    expect(s.draft.selections).toEqual([[1], [2]]);
  });

  it('when Reset is pressed, then the wizard starts over on page 1 with the opening date only', () => {
    const s = run(openingState({ date: '2026-12-01', staffId: 10001 }), { type: 'kind', kind: 'individual' }, { type: 'set', patch: { customer: ann, note: 'x' } }, { type: 'reset', date: '2026-12-01' });
    expect(s).toMatchObject({ page: PAGES.kind, history: [], problem: null });
    expect(s.draft).toMatchObject({ customer: null, note: '', staffId: null, date: '2026-12-01' });
  });
});
