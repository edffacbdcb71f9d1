/**
 * Who may do what. One place for the spec's role rules (docs/product/roles.md); services use
 * these as their authorization policy and screens use them to decide what to show.
 */
export type UserRole = 'super admin' | 'professional' | 'customer';
export type StaffRole = 'superadmin' | 'admin' | 'staff' | 'limited' | 'TBD' | 'none';

export const SUPER_ADMIN: UserRole = 'super admin';

/** A caller's relation to one store. `owner` wins over any staff role the owner may also hold. */
export interface StoreAccess {
  isSuperAdmin: boolean;
  isOwner: boolean;
  /** The caller's employee role in the store, if they are staff there. */
  staffRole?: StaffRole | null;
  /** Signed in with the store's own account: the front desk. */
  isStoreLogin: boolean;
  /** The store's kiosk token (the store login in kiosk mode): signs walk-ins in, nothing else. */
  isKiosk?: boolean;
  /** A franchise manager the owner granted this store: an admin's access there, whatever their staff role (roles.md). */
  isManager?: boolean;
}

export type StoreRule =
  | 'storeMember'
  | 'storeNotLimited'
  | 'storeManager'
  | 'storeOwnerOrSuper'
  | 'storeOwnerOrAdmin'
  | 'storeOwner'
  | 'storeKiosk'
  | 'storeNotLimitedOrKiosk'
  | 'storeOwnerOrManager';

export function isMember(a: StoreAccess): boolean {
  return a.isSuperAdmin || a.isOwner || a.isStoreLogin || a.isManager === true || (a.staffRole != null && a.staffRole !== 'none');
}

/** Evaluates a store rule of the route table for a caller. */
export function allows(rule: StoreRule, a: StoreAccess): boolean {
  const role = a.staffRole ?? null;
  // A franchise manager passes wherever an admin does (and keeps what their own staff role gives).
  const admin = role === 'admin' || a.isManager === true;
  switch (rule) {
    case 'storeMember':
      return isMember(a);
    case 'storeNotLimited':
      return isMember(a) && (a.isOwner || a.isSuperAdmin || a.isStoreLogin || a.isManager === true || role !== 'limited');
    case 'storeManager':
      return a.isSuperAdmin || a.isOwner || admin || role === 'superadmin';
    case 'storeOwnerOrSuper':
      return a.isSuperAdmin || a.isOwner || role === 'superadmin';
    case 'storeOwnerOrAdmin':
      return a.isSuperAdmin || a.isOwner || admin;
    case 'storeOwner':
      return a.isOwner;
    case 'storeKiosk':
      return isMember(a) || a.isKiosk === true;
    case 'storeNotLimitedOrKiosk':
      return allows('storeNotLimited', a) || a.isKiosk === true;
    case 'storeOwnerOrManager':
      return a.isSuperAdmin || a.isOwner || a.isManager === true;
  }
}

export type MenuEntry =
  | 'Admin Dashboard'
  | 'Customer Sign In'
  | 'Turns Indicator'
  | 'Switch Store'
  | 'Store Details'
  | 'Services'
  | 'Staff'
  | 'Customers'
  | 'Reports'
  | 'Franchise Report'
  | 'Appointments'
  | 'My Account'
  | 'Subscription'
  | 'Log Out';

export interface MenuInput {
  role: string | null | undefined;
  isOwner: boolean;
  staffRole?: StaffRole | string | null;
  storeLogIn: boolean;
  /** A store is chosen in the session (store-scoped entries need one). */
  hasStore: boolean;
  /** The session holds the store's kiosk token: the door tablet, left only with the store's PIN. */
  kiosk?: boolean;
  /** A franchise manager of the chosen store: an admin's entries there. */
  isManager?: boolean;
  /** Owns or manages more than one location: the consolidated report across them. */
  franchise?: boolean;
}

const MENU_ORDER: MenuEntry[] = [
  'Admin Dashboard', 'Customer Sign In', 'Turns Indicator', 'Switch Store', 'Store Details', 'Services', 'Staff',
  'Customers', 'Reports', 'Franchise Report', 'Appointments', 'My Account', 'Subscription', 'Log Out',
];

/** Menu entries in the spec's display order, per docs/product/roles.md. */
export function menuEntries(m: MenuInput): MenuEntry[] {
  const isSuper = m.role === SUPER_ADMIN;
  const isCustomer = m.role === 'customer';
  const store = m.hasStore;
  // The kiosk's only screen is the sign-in; Log Out would leave kiosk mode without the PIN.
  if (m.kiosk) return ['Customer Sign In'];
  const shown: Record<MenuEntry, boolean> = m.storeLogIn
    ? {
        'Admin Dashboard': false, 'Customer Sign In': true, 'Turns Indicator': true, 'Switch Store': false,
        'Store Details': false, Services: false, Staff: false, Customers: false, Reports: false, 'Franchise Report': false,
        Appointments: false, 'My Account': false, Subscription: false, 'Log Out': true,
      }
    : {
        'Admin Dashboard': isSuper,
        'Customer Sign In': store && m.isOwner,
        'Turns Indicator': isSuper && store,
        'Switch Store': !isCustomer,
        'Store Details': store && m.isOwner,
        Services: store && m.isOwner,
        Staff: store && (m.isOwner || m.staffRole === 'superadmin'),
        Customers: store && (m.isOwner || m.staffRole === 'superadmin'),
        Reports: store && (m.isOwner || m.staffRole === 'admin' || m.isManager === true),
        'Franchise Report': m.franchise === true,
        Appointments: isCustomer || isSuper,
        'My Account': true,
        Subscription: store && m.isOwner,
        'Log Out': true,
      };
  return MENU_ORDER.filter((e) => shown[e]);
}
