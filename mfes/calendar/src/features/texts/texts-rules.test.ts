import type { StoreAccess } from '@turnbook/domain/roles/roles';
import { groupInbox, lastOfKind, outcomeLabel, recipientOf, remindable, textChoices } from './texts-rules';

const who = (a: Partial<StoreAccess>): StoreAccess => ({ isSuperAdmin: false, isOwner: false, isStoreLogin: false, staffRole: null, ...a });

describe('texts rules', () => {
  it('when each role opens the Text Center, then non-limited members and the front desk text, and only the owner sends a review', () => {
    const withoutReview = ['confirm', 'reminder', 'reschedule', 'custom'];
    expect(textChoices(who({ isOwner: true }))).toEqual(['confirm', 'reminder', 'reschedule', 'review', 'custom']);
    expect(textChoices(who({ isStoreLogin: true }))).toEqual(withoutReview);
    for (const staffRole of ['superadmin', 'admin', 'staff'] as const) expect(textChoices(who({ staffRole }))).toEqual(withoutReview);
    expect(textChoices(who({ isSuperAdmin: true }))).toEqual(withoutReview);
    expect(textChoices(who({ staffRole: 'limited' }))).toEqual([]);
    expect(textChoices(who({ isKiosk: true }))).toEqual([]);
    expect(textChoices(who({}))).toEqual([]);
  });

  it('when a phone is written any way, then the recipient is 1 plus its 10 digits, or nothing', () => {
    expect(recipientOf('(215) 555-0101')).toBe('12155550101');
    expect(recipientOf('+1 215 555 0101')).toBe('12155550101');
    expect(recipientOf('555-0101')).toBeNull();
    expect(recipientOf(null)).toBeNull();
  });

  it('when texts of several kinds were sent, then the last reminder is the newest reminder', () => {
    const m = (kind: 'reminder' | 'confirm', created_at: string) => ({ id: created_at, storeId: 1, recipient: '1', body: '', kind, appointmentId: 1, status: 'sent', created_at });
    expect(lastOfKind([m('reminder', '2026-01-01T10:00:00Z'), m('confirm', '2026-01-03T10:00:00Z'), m('reminder', '2026-01-02T10:00:00Z')], 'reminder')?.created_at).toBe('2026-01-02T10:00:00Z');
    expect(lastOfKind([m('confirm', '2026-01-03T10:00:00Z')], 'reminder')).toBeNull();
  });

  it('when replies come from two phones, then the group with the newest reply is first and each group is newest first', () => {
    const i = (id: string, originator: string, at: string, customer: string | null = null) => ({ id, customerId: customer ? 7 : null, customer, originator, body: id, createdDatetime: at });
    const groups = groupInbox([i('a1', '1215', '2026-01-01T10:00:00Z', 'ann lee'), i('b1', '1484', '2026-01-02T10:00:00Z'), i('a2', '1215', '2026-01-03T10:00:00Z', 'ann lee')]);
    expect(groups.map((g) => [g.customer, g.items.map((x) => x.id)])).toEqual([['ann lee', ['a2', 'a1']], [null, ['b1']]]);
  });

  it('when a day is reminded, then days off and cancelled appointments are not named, and each outcome reads with its reason', () => {
    const a = (id: number, extra: object = {}) => ({ id, customerId: 5, serviceIds: '3', status: 'ON', ...extra });
    expect(remindable([a(1), a(2, { customerId: 0, serviceIds: '0' }), a(3, { status: 'CANCEL' }), a(4, { status: 'APPROVED' })]).map((x) => x.id)).toEqual([1, 4]);
    expect(outcomeLabel({ outcome: 'sent', reason: null })).toBe('Sent');
    expect(outcomeLabel({ outcome: 'skipped', reason: 'already reminded' })).toBe('Skipped: already reminded');
    expect(outcomeLabel({ outcome: 'failed', reason: 'not queued' })).toBe('Failed: not queued');
  });
});
