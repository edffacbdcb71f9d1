import type { StoreAccess } from './roles';
import { seesStaffContact } from './staff-contacts';

const base: StoreAccess = { isSuperAdmin: false, isOwner: false, staffRole: null, isStoreLogin: false };

describe("colleagues' contact details", () => {
  it.each([
    ['the owner', { ...base, isOwner: true }, true],
    ['the super admin', { ...base, isSuperAdmin: true }, true],
    ['an admin', { ...base, staffRole: 'admin' }, true],
    ['a superadmin', { ...base, staffRole: 'superadmin' }, true],
    ['plain staff', { ...base, staffRole: 'staff' }, false],
    ['limited staff', { ...base, staffRole: 'limited' }, false],
    ['the front desk', { ...base, isStoreLogin: true }, false],
  ] as const)("when %s reads a colleague, then the contact is shown: %s", (_n, access, expected) => {
    expect(seesStaffContact(access as StoreAccess, false)).toBe(expected);
  });

  it('when limited staff read their own record, then they see their own email and phone', () => {
    expect(seesStaffContact({ ...base, staffRole: 'limited' }, true)).toBe(true);
  });
});
