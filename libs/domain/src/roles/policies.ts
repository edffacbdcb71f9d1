import { ONLINE_COLUMN } from '../calendar-columns';
import { isDayOffRecord } from '../hours/day-off';
import { digitsOnly } from '../phone/phone';
import { allows, isMember, type StoreAccess } from './roles';

/**
 * Rules a route declares on top of its store rule, for when the answer depends on the record or the body
 * (see docs/product/roles.md). The router evaluates them; use cases never do.
 */
export interface PolicyInput {
  /** The caller's relation to the store; NO_STORE_ACCESS on a customer's route (their own records). */
  access: StoreAccess;
  callerUserId?: number;
  /** The caller's phone, only once verified with a texted code (the token says so). */
  callerPhone?: string | null;
  /** The record the route acts on, loaded by the router (absent on create routes). */
  record?: unknown;
  /** The parsed body. */
  body?: unknown;
}

type DayOffShape = { customerId: number | string | null | undefined; serviceIds: string | number | null | undefined };
type BookingShape = { staffId?: unknown; customerId?: unknown; status?: unknown };
/** The kiosk's walk-in booking: a customer on the Online column, waiting to be assigned. */
export function isWalkInBooking(v: unknown): boolean {
  const b = (v ?? {}) as BookingShape;
  return b.staffId === ONLINE_COLUMN && typeof b.customerId === 'number' && b.customerId > 0 && (b.status == null || b.status === 'PENDING');
}

/** A caller with no relation to the store: a customer acting on their own records. */
export const NO_STORE_ACCESS: StoreAccess = { isSuperAdmin: false, isOwner: false, staffRole: null, isStoreLogin: false };

type CustomersAppointment = DayOffShape & { accountId?: number | null; customerPhone?: string | null };
/**
 * Whose an appointment is (docs/product/guest-booking.md): the account it was requested from, and, once the
 * caller's phone is verified, every appointment of a customer with that phone. A day off is nobody's.
 */
export function isCustomersOwn(a: CustomersAppointment, caller: { userId?: number | null; phone?: string | null }): boolean {
  if (isDayOffRecord(a)) return false;
  if (caller.userId != null && a.accountId != null && a.accountId === caller.userId) return true;
  const phone = digitsOnly(caller.phone ?? '');
  return phone.length > 0 && digitsOnly(a.customerPhone ?? '') === phone;
}

const looksLikeDayOff = (v: unknown): boolean =>
  !!v && typeof v === 'object' && 'customerId' in v && 'serviceIds' in v && isDayOffRecord(v as DayOffShape);

const POLICY_DAY_OFF = ({ access, record, body }: PolicyInput) =>
  !(looksLikeDayOff(record) || looksLikeDayOff(body)) || allows('storeManager', access);

const BOOKING_OR_WALK_IN = (input: PolicyInput) => POLICY_DAY_OFF(input) && (input.access.isKiosk !== true || isWalkInBooking(input.body));

export const POLICIES = {
  /** Days off are added, moved and removed by the owner, an admin or a superadmin. */
  dayOffByManager: POLICY_DAY_OFF,
  /** A staff member reads their own days off; managers read everyone's. */
  ownDaysOffOrManager: ({ access, record, callerUserId }: PolicyInput) => {
    const owner = (record as { userId?: number | null } | undefined)?.userId;
    return (callerUserId != null && owner != null && owner === callerUserId) || allows('storeManager', access);
  },
  /**
   * A store's sign-in account is changed by the owner it names (the account, not a read model that may
   * lag behind a change of owner), confirming as themselves (`body.userId`).
   */
  ownStoreAccount: ({ record, body, callerUserId }: PolicyInput) =>
    callerUserId != null &&
    (record as { ownerId?: number } | undefined)?.ownerId === callerUserId &&
    (body as { userId?: number } | undefined)?.userId === callerUserId,
  /**
   * POST appointment: days off by managers (dayOffByManager); the kiosk books walk-ins only (the walk-in
   * column, a real customer, pending).
   */
  bookingOrWalkIn: (input: PolicyInput) => BOOKING_OR_WALK_IN(input),
  /** POST appointments/group: each member as POST appointment would judge it, with the group's store. */
  groupBookingOrWalkIns: (input: PolicyInput) => {
    const members = (input.body as { members?: unknown[] } | undefined)?.members ?? [];
    return members.every((m) => BOOKING_OR_WALK_IN({ ...input, body: m }));
  },
  /**
   * POST sheets/sign-in: anyone on the sheet's rule signs a person in (as POST sheet); booking the walk-in's
   * appointment too takes POST appointment's rule (limited staff do not book).
   */
  walkInBookedByNotLimited: ({ access, body }: PolicyInput) => !(body as { walkIn?: unknown } | undefined)?.walkIn || allows('storeNotLimitedOrKiosk', access),
  /**
   * POST customer (open to everyone): store members who are not limited add customers, and only managers
   * set `status` (the notes that may say 'banned'); outsiders (the booking flow, the kiosk) pass here and
   * get the find-or-create by phone.
   */
  addCustomer: ({ access, body }: PolicyInput) => {
    if (!isMember(access)) return true;
    const status = (body as { status?: string | null } | undefined)?.status;
    return allows('storeNotLimited', access) && (status == null || status === '' || allows('storeManager', access));
  },
  /** A customer's routes on one appointment: only their own (ruling 16); another's is not found, as a missing one. */
  customersOwnAppointment: ({ record, callerUserId, callerPhone }: PolicyInput) =>
    !!record && isCustomersOwn(record as CustomersAppointment, { userId: callerUserId, phone: callerPhone }),
  /**
   * A staff invitation (GET staff-invitation/{id}, accepting it): only the person it was sent to, the account
   * that signs in with the invited email (the router's record names it as `invitee`).
   */
  invitedPerson: ({ record, callerUserId }: PolicyInput) =>
    callerUserId != null && (record as { invitee?: { id: number } | null } | undefined)?.invitee?.id === callerUserId,
  /** POST sendSMS: the review request is the owner's text (rulings 14); the other kinds follow the route's rule. */
  reviewTextByOwner: ({ access, body }: PolicyInput) => (body as { kind?: string } | undefined)?.kind !== 'review' || access.isOwner === true,
} as const satisfies Record<string, (input: PolicyInput) => boolean>;

export type PolicyName = keyof typeof POLICIES;
