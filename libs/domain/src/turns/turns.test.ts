import { DEFAULT_TURN_POLICY, turnWeight, type TurnPolicy } from './policy';
import { deriveTurns, turnOrders, type TurnLogEntry } from './turn-log';
import { busyUntil, suggestNext, type WorkingStaff } from './suggest';
import { DEFAULT_WALK_IN_MINUTES, estimateQueue } from './wait';
import { nearestQuarter, waitsInWalkInLine } from './walk-in';

const policy = (over: Partial<TurnPolicy> = {}): TurnPolicy => ({ ...DEFAULT_TURN_POLICY, ...over });

describe('turnWeight', () => {
  const walkIn = { priceCents: 4000, isAppointment: false, isRequested: false };
  it.each([
    ['the default policy and a walk-in', policy(), walkIn, 1],
    ['the default policy and an appointment', policy(), { ...walkIn, isAppointment: true }, 1],
    ['the default policy and a requested walk-in', policy(), { ...walkIn, isRequested: true }, 1],
    ['appointments not counted and an appointment', policy({ countAppointments: false }), { ...walkIn, isAppointment: true }, 0],
    ['appointments not counted and a walk-in', policy({ countAppointments: false }), walkIn, 1],
    ['requests not counted and a requested walk-in', policy({ countRequested: false }), { ...walkIn, isRequested: true }, 0],
    ['a $30 threshold and a $25 service', policy({ halfTurnBelowCents: 3000 }), { ...walkIn, priceCents: 2500 }, 0.5],
    ['a $30 threshold and a $30 service', policy({ halfTurnBelowCents: 3000 }), { ...walkIn, priceCents: 3000 }, 1],
    ['a $30 threshold and an uncounted cheap appointment', policy({ halfTurnBelowCents: 3000, countAppointments: false }), { ...walkIn, priceCents: 1000, isAppointment: true }, 0],
  ])('when %s, then the check-in weighs %s', (_name, p, facts, expected) => {
    expect(turnWeight(p, facts)).toBe(expected);
  });
});

const created = (seq: number, order: string[] = []): TurnLogEntry => ({ seq, kind: 'created', order });
const checkin = (seq: number, name: string, weight: 1 | 0.5 | 0 = 1): TurnLogEntry => ({ seq, kind: 'checkin', name, weight });
const reorder = (seq: number, order: string[]): TurnLogEntry => ({ seq, kind: 'reorder', order });
const undo = (seq: number, undoes: number): TurnLogEntry => ({ seq, kind: 'undo-checkin', undoes });

describe('deriveTurns', () => {
  it.each<[string, TurnLogEntry[], TurnPolicy, string[]]>([
    ['a new day', [created(1)], policy(), []],
    ['check-ins in order (the spec: each to the end)', [created(1), checkin(2, 'amy'), checkin(3, 'bo'), checkin(4, 'amy')], policy(), ['bo', 'amy']],
    ['the check-in order decides who joins first', [created(1), checkin(2, 'cy'), checkin(3, 'amy'), checkin(4, 'bo')], policy(), ['cy', 'amy', 'bo']],
    ['a half turn does not move a listed staff member', [created(1, ['amy', 'bo']), checkin(2, 'amy', 0.5)], policy(), ['amy', 'bo']],
    ['two halves make one turn', [created(1, ['amy', 'bo']), checkin(2, 'amy', 0.5), checkin(3, 'amy', 0.5)], policy(), ['bo', 'amy']],
    ['a half and a full: the full moves, the half waits for its pair', [created(1, ['amy', 'bo']), checkin(2, 'amy', 0.5), checkin(3, 'amy', 1), checkin(4, 'bo', 1)], policy(), ['amy', 'bo']],
    ['an uncounted check-in does not move a listed staff member', [created(1, ['amy', 'bo']), checkin(2, 'amy', 0)], policy(), ['amy', 'bo']],
    ['an uncounted check-in still puts a newcomer in the list', [created(1, ['amy']), checkin(2, 'bo', 0)], policy(), ['amy', 'bo']],
    ['a manual reorder replaces the order', [created(1), checkin(2, 'amy'), checkin(3, 'bo'), reorder(4, ['bo', 'amy'])], policy(), ['bo', 'amy']],
    ['a check-in after a reorder goes to the end', [created(1), reorder(2, ['amy', 'bo', 'cy']), checkin(3, 'amy')], policy(), ['bo', 'cy', 'amy']],
    ['an undone check-in never counted', [created(1, ['amy', 'bo']), checkin(2, 'amy'), undo(3, 2), checkin(4, 'bo')], policy(), ['amy', 'bo']],
    ['a check-in that raced ahead of the created entry is kept', [checkin(1, 'amy'), created(2), checkin(3, 'bo')], policy(), ['amy', 'bo']],
    ['a created order given after a raced check-in comes first', [checkin(1, 'amy'), created(2, ['cy']), checkin(3, 'bo')], policy(), ['cy', 'amy', 'bo']],
    ['entries out of seq order are read in seq order', [checkin(3, 'bo'), created(1), checkin(2, 'amy')], policy(), ['amy', 'bo']],
    ['the fair rotation: fewest turns first', [created(1), checkin(2, 'amy'), checkin(3, 'amy'), checkin(4, 'bo'), reorder(5, ['amy', 'bo', 'cy'])], policy({ rotation: 'fair' }), ['cy', 'bo', 'amy']],
    ['the fair rotation: halves count half', [created(1, ['amy', 'bo']), checkin(2, 'amy', 0.5), checkin(3, 'bo', 1)], policy({ rotation: 'fair' }), ['amy', 'bo']],
  ])('when %s, then the order is %j', (_name, entries, p, expected) => {
    expect(deriveTurns(entries, p).order).toEqual(expected);
  });

  it('when staff took full and half turns, then the standing counts them', () => {
    const state = deriveTurns([created(1), checkin(2, 'amy'), checkin(3, 'bo', 0.5), checkin(4, 'amy', 0.5), checkin(5, 'cy', 0)], policy());
    expect(state.standing).toEqual([{ name: 'amy', turns: 1.5 }, { name: 'bo', turns: 0.5 }, { name: 'cy', turns: 0 }]);
  });

  it('when two check-ins land at once (two entries), then both staff are moved', () => {
    expect(deriveTurns([created(1, ['amy', 'bo', 'cy']), checkin(2, 'amy'), checkin(3, 'bo')], policy()).order).toEqual(['cy', 'amy', 'bo']);
  });

  it('when the history is read, then each entry has the order it left', () => {
    const orders = turnOrders([created(1), checkin(2, 'amy'), checkin(3, 'bo'), reorder(4, ['bo', 'amy']), undo(5, 3)], policy());
    expect([...orders.entries()]).toEqual([[1, []], [2, ['amy']], [3, ['amy', 'bo']], [4, ['bo', 'amy']], [5, ['bo', 'amy']]]);
  });
});

const staff = (id: number, name: string, over: Partial<WorkingStaff> = {}): WorkingStaff => ({ id, name, serviceIds: [], busyUntil: null, ...over });

describe('suggestNext', () => {
  const team = [staff(1, 'amy'), staff(2, 'bo', { serviceIds: [10] }), staff(3, 'cy', { busyUntil: 14 * 60 + 30 })];
  it.each<[string, Partial<TurnPolicy>, string[], number[], string[], string[]]>([
    ['nobody had a turn: staff order', {}, [], [], ['amy', 'bo', 'cy'], []],
    ['the list decides after those without a turn', {}, ['cy', 'amy'], [], ['bo', 'cy', 'amy'], []],
    ['skipping busy staff', { skipBusy: true }, ['cy', 'amy', 'bo'], [], ['amy', 'bo'], ['cy']],
    ['busy staff not skipped by default', {}, ['cy', 'amy', 'bo'], [], ['cy', 'amy', 'bo'], []],
    ['skipping unskilled staff for service 11', { skipUnskilled: true }, ['bo', 'amy', 'cy'], [11], ['amy', 'cy'], ['bo']],
    ['skipping unskilled staff for service 10 (bo does it)', { skipUnskilled: true }, ['bo', 'amy', 'cy'], [10], ['bo', 'amy', 'cy'], []],
  ])('when %s, then the suggestions are %j', (_name, p, order, serviceIds, expected, skipped) => {
    const out = suggestNext({ policy: policy(p), order, staff: team, serviceIds, serviceNames: new Map([[11, 'Gel']]) });
    expect(out.suggestions.map((s) => s.name)).toEqual(expected);
    expect(out.skipped.map((s) => s.name)).toEqual(skipped);
  });

  it('when staff are skipped, then the reasons say why', () => {
    const out = suggestNext({ policy: policy({ skipBusy: true, skipUnskilled: true }), order: ['bo', 'cy', 'amy'], staff: team, serviceIds: [11], serviceNames: new Map([[11, 'Gel']]) });
    expect(out.skipped).toEqual([
      { staffId: 2, name: 'bo', reason: 'does not do Gel' },
      { staffId: 3, name: 'cy', reason: 'busy until 02:30 pm' },
    ]);
    expect(out.suggestions).toEqual([{ staffId: 1, name: 'amy', reason: '#3 in turn' }]);
  });

  it('when the rotation is fair, then the fewest turns come first', () => {
    const out = suggestNext({ policy: policy({ rotation: 'fair' }), order: ['amy', 'bo'], turns: new Map([['amy', 2], ['bo', 1]]), staff: team, serviceIds: [] });
    expect(out.suggestions.map((s) => s.name)).toEqual(['cy', 'bo', 'amy']);
  });
});

describe('busyUntil', () => {
  it.each<[string, Array<[number, number]>, number, number | null]>([
    ['nothing booked', [], 600, null],
    ['in an appointment', [[570, 630]], 600, 630],
    ['back-to-back appointments', [[570, 630], [630, 690]], 600, 690],
    ['a gap after the current one', [[570, 630], [660, 690]], 600, 630],
    ['the next one later', [[660, 690]], 600, null],
    ['the last one ended', [[500, 600]], 600, null],
  ])('when %s, then busy until %s', (_name, intervals, now, expected) => {
    expect(busyUntil(intervals.map(([startMin, endMin]) => ({ startMin, endMin })), now)).toBe(expected);
  });
});

describe('estimateQueue', () => {
  const now = 600;
  it('when two staff are free and three wait, then the third waits for the first to finish', () => {
    const out = estimateQueue({ nowMin: now, staff: [{ id: 1, booked: [] }, { id: 2, booked: [] }], queue: [1, 2, 3].map((sheetId) => ({ sheetId, duration: 30, staffId: null })) });
    expect(out.places).toEqual([{ sheetId: 1, place: 1, waitMinutes: 0 }, { sheetId: 2, place: 2, waitMinutes: 0 }, { sheetId: 3, place: 3, waitMinutes: 30 }]);
    expect(out.nextWaitMinutes).toBe(30);
  });
  it('when a staff member is booked now, then the line goes to the other one first', () => {
    const out = estimateQueue({ nowMin: now, staff: [{ id: 1, booked: [{ startMin: 570, endMin: 660 }] }, { id: 2, booked: [] }], queue: [{ sheetId: 1, duration: 45, staffId: null }, { sheetId: 2, duration: 45, staffId: null }] });
    expect(out.places.map((p) => p.waitMinutes)).toEqual([0, 45]);
  });
  it('when a booking comes later, then a walk-in fits before it only if there is room', () => {
    const out = estimateQueue({ nowMin: now, staff: [{ id: 1, booked: [{ startMin: 620, endMin: 680 }] }], queue: [{ sheetId: 1, duration: 30, staffId: null }] });
    expect(out.places[0].waitMinutes).toBe(80);
  });
  it('when someone asked for a staff member, then they wait for that one', () => {
    const out = estimateQueue({ nowMin: now, staff: [{ id: 1, booked: [{ startMin: 600, endMin: 660 }] }, { id: 2, booked: [] }], queue: [{ sheetId: 1, duration: 30, staffId: 1 }] });
    expect(out.places[0].waitMinutes).toBe(60);
  });
  it('when nobody works, then one staff member is assumed', () => {
    const out = estimateQueue({ nowMin: now, staff: [], queue: [{ sheetId: 1, duration: 20, staffId: null }] });
    expect(out.places[0].waitMinutes).toBe(0);
    expect(out.nextWaitMinutes).toBe(20);
  });
  it('when the line is empty, then the next person waits for the first free staff member', () => {
    const out = estimateQueue({ nowMin: now, staff: [{ id: 1, booked: [{ startMin: 590, endMin: 615 }] }], queue: [] });
    expect(out).toEqual({ places: [], nextWaitMinutes: 15 });
    expect(DEFAULT_WALK_IN_MINUTES).toBe(30);
  });
});

describe('nearestQuarter', () => {
  it.each([[600, 600], [607, 600], [608, 615], [614, 615], [622, 615], [623, 630]])('when the time is minute %s, then the walk-in starts at %s', (t, expected) => {
    expect(nearestQuarter(t)).toBe(expected);
  });
});

describe('waitsInWalkInLine', () => {
  it('when a person signed in as a walk-in (no appointment, or the walk-in appointment the kiosk wrote), then they wait in the line; for a booked appointment or a request, then they do not', () => {
    expect([null, undefined, { walkIn: true }].map(waitsInWalkInLine)).toEqual([true, true, true]);
    expect([{ walkIn: false }, {}, { walkIn: null }].map(waitsInWalkInLine)).toEqual([false, false, false]);
  });
});
