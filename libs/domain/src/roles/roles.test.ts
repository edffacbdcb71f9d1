import { POLICIES } from './policies';
import { allows, menuEntries, type StoreAccess } from './roles';

const base: StoreAccess = { isSuperAdmin: false, isOwner: false, staffRole: null, isStoreLogin: false };

describe('store rules', () => {
  it.each([
    ['owner', { ...base, isOwner: true }, [true, true, true, true, true, true]],
    ['admin', { ...base, staffRole: 'admin' }, [true, true, true, false, true, false]],
    ['superadmin staff', { ...base, staffRole: 'superadmin' }, [true, true, true, true, false, false]],
    ['plain staff', { ...base, staffRole: 'staff' }, [true, true, false, false, false, false]],
    ['limited staff', { ...base, staffRole: 'limited' }, [true, false, false, false, false, false]],
    ['store login', { ...base, isStoreLogin: true }, [true, true, false, false, false, false]],
    ['stranger', base, [false, false, false, false, false, false]],
  ] as const)('when the caller is %s, then the rules allow exactly what the spec says', (_n, access, expected) => {
    const rules = ['storeMember', 'storeNotLimited', 'storeManager', 'storeOwnerOrSuper', 'storeOwnerOrAdmin', 'storeOwner'] as const;
    expect(rules.map((r) => allows(r, access as StoreAccess))).toEqual(expected);
  });
});

describe('the kiosk and the front desk', () => {
  const kiosk: StoreAccess = { ...base, isKiosk: true };
  const desk: StoreAccess = { ...base, isStoreLogin: true };
  const limited: StoreAccess = { ...base, staffRole: 'limited' };

  it('when the caller is the kiosk, then only the kiosk rules let it through', () => {
    const rules = ['storeMember', 'storeNotLimited', 'storeManager', 'storeOwnerOrSuper', 'storeOwnerOrAdmin', 'storeOwner', 'storeKiosk', 'storeNotLimitedOrKiosk'] as const;
    expect(rules.map((r) => allows(r, kiosk))).toEqual([false, false, false, false, false, false, true, true]);
  });

  it('when limited staff ask for a kiosk-or-not-limited route, then they are refused but members on the kiosk rule pass', () => {
    expect(allows('storeNotLimitedOrKiosk', limited)).toBe(false);
    expect(allows('storeKiosk', limited)).toBe(true);
    expect(allows('storeNotLimitedOrKiosk', desk)).toBe(true);
  });

  it('when the kiosk books, then only a pending walk-in for a real customer passes', () => {
    const walkIn = { storeId: 1, staffId: 8888, customerId: 12, serviceIds: '3', status: 'PENDING' };
    expect(POLICIES.bookingOrWalkIn({ access: kiosk, body: walkIn })).toBe(true);
    expect(POLICIES.bookingOrWalkIn({ access: kiosk, body: { ...walkIn, staffId: 10001 } })).toBe(false);
    expect(POLICIES.bookingOrWalkIn({ access: kiosk, body: { ...walkIn, status: 'APPROVED' } })).toBe(false);
    expect(POLICIES.bookingOrWalkIn({ access: kiosk, body: { ...walkIn, customerId: 0, serviceIds: '0' } })).toBe(false);
    expect(POLICIES.bookingOrWalkIn({ access: desk, body: { ...walkIn, staffId: 10001 } })).toBe(true);
  });

  it('when a person signs in in one call, then a sheet alone is anyone on the kiosk rule, and booking the walk-in too is not for limited staff', () => {
    const limited = { ...base, staffRole: 'limited' } as const;
    expect(POLICIES.walkInBookedByNotLimited({ access: limited, body: { storeId: 1 } })).toBe(true);
    expect(POLICIES.walkInBookedByNotLimited({ access: limited, body: { storeId: 1, walkIn: { serviceIds: '3' } } })).toBe(false);
    expect(POLICIES.walkInBookedByNotLimited({ access: kiosk, body: { storeId: 1, walkIn: { serviceIds: '3' } } })).toBe(true);
  });

  it('when a group is booked, then every member is judged as one booking: the kiosk only with walk-ins, the desk with any', () => {
    const walkIn = { staffId: 8888, customerId: 12, serviceIds: '3', status: 'PENDING' };
    expect(POLICIES.groupBookingOrWalkIns({ access: kiosk, body: { storeId: 1, members: [walkIn, walkIn] } })).toBe(true);
    expect(POLICIES.groupBookingOrWalkIns({ access: kiosk, body: { storeId: 1, members: [walkIn, { ...walkIn, staffId: 10001 }] } })).toBe(false);
    expect(POLICIES.groupBookingOrWalkIns({ access: desk, body: { storeId: 1, members: [walkIn, { ...walkIn, staffId: 10001 }] } })).toBe(true);
  });

  it('when a customer is added with notes (status), then only managers may, and limited staff may not add at all', () => {
    const body = { storeId: 1, fname: 'a', status: 'banned' };
    expect(POLICIES.addCustomer({ access: desk, body })).toBe(false);
    expect(POLICIES.addCustomer({ access: desk, body: { ...body, status: '' } })).toBe(true);
    expect(POLICIES.addCustomer({ access: { ...base, staffRole: 'admin' }, body })).toBe(true);
    expect(POLICIES.addCustomer({ access: limited, body: { storeId: 1, fname: 'a' } })).toBe(false);
    expect(POLICIES.addCustomer({ access: kiosk, body: { storeId: 1, fname: 'a' } })).toBe(true);
  });
});

describe('a staff invitation', () => {
  const owner: StoreAccess = { ...base, isOwner: true };
  const invitation = { storeId: 1, email: 'jane@example.com', invitee: { id: 12 } };

  it('when the account the invitation names opens it, then it passes; anyone else is refused, the store owner and a store login included', () => {
    expect(POLICIES.invitedPerson({ access: base, callerUserId: 12, record: invitation })).toBe(true);
    expect(POLICIES.invitedPerson({ access: base, callerUserId: 13, record: invitation })).toBe(false);
    expect(POLICIES.invitedPerson({ access: owner, callerUserId: 7, record: invitation })).toBe(false);
    expect(POLICIES.invitedPerson({ access: base, record: invitation })).toBe(false);
  });

  it('when no account signs in with the invited email yet, then nobody passes', () => {
    expect(POLICIES.invitedPerson({ access: base, callerUserId: 12, record: { ...invitation, invitee: null } })).toBe(false);
  });
});

describe('menu', () => {
  it('when the session holds the kiosk token, then the menu offers the sign-in only (no Log Out: leaving asks for the PIN)', () => {
    expect(menuEntries({ role: null, isOwner: false, storeLogIn: true, hasStore: true, kiosk: true })).toEqual(['Customer Sign In']);
  });
  it('when store login is on, then only the kiosk entries and Log Out show', () => {
    expect(menuEntries({ role: 'professional', isOwner: true, storeLogIn: true, hasStore: true })).toEqual([
      'Customer Sign In', 'Turns Indicator', 'Log Out',
    ]);
  });
  it('when the owner is signed in with a store, then the owner entries show in order', () => {
    expect(menuEntries({ role: 'professional', isOwner: true, storeLogIn: false, hasStore: true })).toEqual([
      'Customer Sign In', 'Switch Store', 'Store Details', 'Services', 'Staff', 'Customers', 'Reports', 'My Account',
      'Subscription', 'Log Out',
    ]);
  });
  it('when a superadmin staff member is signed in, then Staff and Customers show but owner entries do not', () => {
    expect(menuEntries({ role: 'professional', isOwner: false, staffRole: 'superadmin', storeLogIn: false, hasStore: true }))
      .toEqual(['Switch Store', 'Staff', 'Customers', 'My Account', 'Log Out']);
  });
  it('when a customer is signed in, then Appointments shows and Switch Store does not', () => {
    expect(menuEntries({ role: 'customer', isOwner: false, storeLogIn: false, hasStore: false })).toEqual([
      'Appointments', 'My Account', 'Log Out',
    ]);
  });
  it('when the super admin is signed in, then Admin Dashboard and Appointments show', () => {
    expect(menuEntries({ role: 'super admin', isOwner: false, storeLogIn: false, hasStore: false })).toEqual([
      'Admin Dashboard', 'Switch Store', 'Appointments', 'My Account', 'Log Out',
    ]);
  });
});

describe('a franchise manager', () => {
  const manager: StoreAccess = { isSuperAdmin: false, isOwner: false, isStoreLogin: false, staffRole: null, isManager: true };
  const admin: StoreAccess = { isSuperAdmin: false, isOwner: false, isStoreLogin: false, staffRole: 'admin' };

  it("when the owner granted a store to a franchise manager, then they pass every rule an admin passes there, and the franchise report's", () => {
    const rules = ['storeMember', 'storeNotLimited', 'storeManager', 'storeOwnerOrSuper', 'storeOwnerOrAdmin', 'storeOwner', 'storeKiosk', 'storeNotLimitedOrKiosk'] as const;
    expect(rules.map((r) => allows(r, manager))).toEqual(rules.map((r) => allows(r, admin)));
    expect(allows('storeOwnerOrManager', manager)).toBe(true);
    expect(allows('storeOwnerOrManager', admin)).toBe(false);
    expect(allows('storeOwnerOrManager', { ...admin, staffRole: null, isOwner: true })).toBe(true);
  });

  it('when limited staff are also granted the store, then the grant gives them what an admin has', () => {
    expect(allows('storeNotLimited', { ...manager, staffRole: 'limited' })).toBe(true);
    expect(allows('storeOwnerOrAdmin', { ...manager, staffRole: 'limited' })).toBe(true);
  });

  it('when a user owns or manages several locations, then the menu offers the franchise report; a manager sees Reports', () => {
    const m = { role: 'professional', isOwner: false, storeLogIn: false, hasStore: true, isManager: true, franchise: true };
    expect(menuEntries(m)).toEqual(expect.arrayContaining(['Reports', 'Franchise Report']));
    expect(menuEntries({ ...m, isManager: false, franchise: false })).not.toContain('Franchise Report');
  });
});
