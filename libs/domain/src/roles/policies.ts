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
const looksLikeDayOff = (v: unknown): boolean =>
  !!v && typeof v === 'object' && 'customerId' in v && 'serviceIds' in v && isDayOffRecord(v as DayOffShape);

export const POLICIES = {
  /** Days off are added, moved and removed by the owner, an admin or a superadmin. */
  dayOffByManager: ({ access, record, body }: PolicyInput) =>
    !(looksLikeDayOff(record) || looksLikeDayOff(body)) || allows('storeManager', access),
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
   * On a route open to everyone (POST customer: staff add customers, the booking page finds-or-creates one
   * by phone): limited staff of the store are refused; outsiders and other members pass.
   */
  notLimitedStaff: ({ access }: PolicyInput) => !isMember(access) || allows('storeNotLimited', access),
} as const satisfies Record<string, (input: PolicyInput) => boolean>;

export type PolicyName = keyof typeof POLICIES;
