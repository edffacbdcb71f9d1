import { randomInt } from 'node:crypto';

/** Users of a service test's two stores (ids are arbitrary; only their relation to the stores matters). */
export const STORE_USERS = { owner: 100, admin: 101, superadmin: 102, limited: 103, staff: 104, otherOwner: 200, customer: 300 };
/** Their staff ids in store S1. */
export const STORE_STAFF = { admin: 10001, superadmin: 10002, limited: 10003, staff: 10004 };

type Member = { userId: number; staffId: number; role: string; archived: boolean };
interface MembershipSink {
  apply(s: { storeId: number; ownerId: number; permalink: string; status: string; members: Member[] }): Promise<void>;
}

/**
 * The role matrix's two stores in a service's membership read model: S1 with its owner, admin, superadmin,
 * limited and plain staff (plus `extra`), S2 with another owner (plus `other`). Ids are random per test file,
 * since test files share NATS.
 */
export async function applyRoleStores(memberships: MembershipSink, { extra = [], other = [] }: { extra?: Member[]; other?: Member[] } = {}) {
  const S1 = randomInt(1_000_000, 2_000_000_000);
  const S2 = S1 + 1;
  const u = STORE_USERS;
  const s = STORE_STAFF;
  await memberships.apply({
    storeId: S1,
    ownerId: u.owner,
    permalink: `s-${S1}`,
    status: 'ON',
    members: [
      { userId: u.admin, staffId: s.admin, role: 'admin', archived: false },
      { userId: u.superadmin, staffId: s.superadmin, role: 'superadmin', archived: false },
      { userId: u.limited, staffId: s.limited, role: 'limited', archived: false },
      { userId: u.staff, staffId: s.staff, role: 'staff', archived: false },
      ...extra,
    ],
  });
  await memberships.apply({ storeId: S2, ownerId: u.otherOwner, permalink: `s-${S2}`, status: 'ON', members: other });
  return { S1, S2 };
}
