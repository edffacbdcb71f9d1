import { approvePhone } from '../calendar-data/approve-request';
import { actionsFor, checkoutSale, deleteChoices, endAfter, isWalkIn, offersTextCenter, statusOnEdit, suggestedSale } from './details-rules';

const owner = { canAct: true, canDelete: true };
const staff = { canAct: true, canDelete: false };
const limited = { canAct: false, canDelete: false };
const appt = (status: string, extra: Record<string, unknown> = {}) => ({ status, customerId: 7, serviceIds: '3,4', ...extra }) as never;

describe('the status an edit sends', () => {
  it.each([
    ['PENDING', 10001, 'ON'],
    ['APPROVED', 10001, 'ON'],
    ['CANCEL', 10001, 'CANCEL'],
    ['CANCEL', 8888, 'CANCEL'],
    ['ON', 8888, 'APPROVED'],
    ['APPROVED', 8888, 'APPROVED'],
    ['PENDING', 8888, 'PENDING'],
    ['MODIFYING', 8888, 'MODIFYING'],
    ['ON', 9999, 'ON'],
    ['REQUEST CANCEL', 0, 'REQUEST CANCEL'],
    ['REQUEST CANCEL', 10001, 'REQUEST CANCEL'],
  ] as const)('when a %s appointment is saved on staff %i, then its status is %s', (from, staffId, to) => {
    expect(statusOnEdit(from, staffId)).toBe(to);
  });
});

describe('check-out', () => {
  it('when a sale with cents is typed, then it is rounded to whole dollars', () => {
    expect(checkoutSale(44.5, 45)).toBe(45);
    expect(checkoutSale('61.49', 45)).toBe(61);
  });
  it('when 0 or nothing is typed, then the suggested sale is taken', () => {
    expect(checkoutSale(0, 47.5)).toBe(47.5);
    expect(checkoutSale('', 47.5)).toBe(47.5);
  });
  it("when the services cost $25 and $22.50, then the suggested sale is $47.50", () => {
    expect(suggestedSale([{ price: 25 }, { price: 22.5 }])).toBe(47.5);
  });
});

describe('the buttons each role and status shows', () => {
  it('when limited staff look, then there is nothing to do and nothing to delete', () => {
    expect(actionsFor(appt('ON'), limited, false)).toEqual([]);
    expect(deleteChoices(appt('ON'), limited, true)).toEqual([]);
  });
  it('when an ON appointment is opened by staff, then Edit, Delete (cancel only), History, Rebook and Check Out show', () => {
    expect(actionsFor(appt('ON'), staff, false)).toEqual(['edit', 'delete', 'history', 'rebook', 'checkout']);
    expect(deleteChoices(appt('ON'), staff, false)).toEqual(['cancel']);
  });
  it('when the owner opens it in a store with Cancel and Text on, then the delete modal offers all three', () => {
    expect(deleteChoices(appt('ON'), owner, true)).toEqual(['cancel', 'cancelAndText', 'delete']);
  });
  it('when PENDING or MODIFYING, then Approve and Decline show instead of Check Out', () => {
    for (const s of ['PENDING', 'MODIFYING']) expect(actionsFor(appt(s), staff, false)).toEqual(['edit', 'delete', 'history', 'rebook', 'approve', 'decline']);
  });
  it("when REQUEST CANCEL, then 'Accept cancellation' and 'Keep appointment' show", () => {
    expect(actionsFor(appt('REQUEST CANCEL'), owner, false)).toContain('acceptCancel');
    expect(actionsFor(appt('REQUEST CANCEL'), owner, false)).toContain('keep');
    expect(actionsFor(appt('REQUEST CANCEL'), owner, false)).not.toContain('approve');
  });
  it('when a PENDING walk-in is opened, then Check in shows where a request shows Approve and Decline', () => {
    const actions = actionsFor(appt('PENDING'), staff, true);
    expect(actions).toContain('checkIn');
    expect(actions).not.toContain('approve');
  });
  it('when cancelled (after Decline or Cancel), then it offers only the hard delete to managers and its History; no Edit, Rebook or Text Center', () => {
    expect(actionsFor(appt('CANCEL'), staff, false)).toEqual(['history']);
    expect(actionsFor(appt('CANCEL'), owner, false)).toEqual(['delete', 'history']);
    expect(deleteChoices(appt('CANCEL'), owner, true)).toEqual(['delete']);
    expect(offersTextCenter(appt('CANCEL'), owner)).toBe(false);
    expect(offersTextCenter(appt('ON'), staff)).toBe(true);
    expect(offersTextCenter(appt('ON'), limited)).toBe(false);
  });
  it('when a day off is opened, then only managers act on it and nobody rebooks or checks it out', () => {
    const off = appt('ON', { customerId: 0, serviceIds: '0' });
    expect(actionsFor(off, staff, false)).toEqual(['history']);
    expect(actionsFor(off, owner, false)).toEqual(['edit', 'delete', 'history']);
  });
});

describe('walk-ins', () => {
  it('when a sheet is linked, then it is a walk-in whatever its note or column says', () => {
    expect(isWalkIn({ status: 'PENDING', sheetId: 4 })).toBe(true);
  });
  it('when no sheet is linked, then it is an online request even with the note', () => {
    expect(isWalkIn({ status: 'PENDING', sheetId: null })).toBe(false);
  });
  it('when it is already ON, then it is not waiting for check-in', () => {
    expect(isWalkIn({ status: 'ON', sheetId: 4 })).toBe(false);
  });
});

describe('times and overlaps', () => {
  it('when 45 minutes follow 11:30 pm, then there is no end (past midnight)', () => {
    expect(endAfter('11:30 pm', 45, 'America/New_York', '2026-12-01')).toBeNull();
    expect(endAfter('09:30 am', 45, 'America/New_York', '2026-12-01')).toBe('10:15 am');
    // across a spring-forward night's missing hour: the real clock
    expect(endAfter('01:30 am', 45, 'America/New_York', '2027-03-14')).toBe('03:15 am');
  });
  it("when the customer's phone is formatted or missing, then approve sends 10 digits or 'null'", () => {
    expect(approvePhone('(215) 555-0101')).toBe('2155550101');
    expect(approvePhone('')).toBe('null');
  });
});
