import { isDayOffRecord } from '../hours/day-off';
import { allows, isMember, type StoreAccess } from './roles';

/**
 * Rules a route declares on top of its store rule, for when the answer depends on the record or the body
 * (see docs/product/roles.md). The router evaluates them; use cases never do.
 */
export interface PolicyInput {
  access: StoreAccess;
  callerUserId?: number;
  /** The record the route acts on, loaded by the router (absent on create routes). */
  record?: unknown;
  /** The parsed body. */
  body?: unknown;
}

type DayOffShape = { customerId: number | string | null | undefined; serviceIds: string | number | null | undefined };
/** The kiosk's walk-in booking: a customer on the walk-in column (8888), waiting to be assigned. */
export const WALK_IN_STAFF_ID = 8888;
type BookingShape = { staffId?: unknown; customerId?: unknown; status?: unknown };
export function isWalkInBooking(v: unknown): boolean {
  const b = (v ?? {}) as BookingShape;
  return b.staffId === WALK_IN_STAFF_ID && typeof b.customerId === 'number' && b.customerId > 0 && (b.status == null || b.status === 'PENDING');
}

const looksLikeDayOff = (v: unknown): boolean =>
  !!v && typeof v === 'object' && 'customerId' in v && 'serviceIds' in v && isDayOffRecord(v as DayOffShape);

const POLICY_DAY_OFF = ({ access, record, body }: PolicyInput) =>
  !(looksLikeDayOff(record) || looksLikeDayOff(body)) || allows('storeManager', access);

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
  bookingOrWalkIn: (input: PolicyInput) =>
    POLICY_DAY_OFF(input) && (input.access.isKiosk !== true || isWalkInBooking(input.body)),
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
} as const satisfies Record<string, (input: PolicyInput) => boolean>;

export type PolicyName = keyof typeof POLICIES;
