import type { Hasher } from '@turnbook/service-kit/hashing';
import { MESSAGES } from '@turnbook/contracts';
import type { UserByEmailResponse } from '@turnbook/contracts';
import type { EmployeeView, StaffAddBody } from '@turnbook/contracts/schemas/scheduling';
import { DEFAULT_USER_COLOR, LOOSE_EMAIL } from '@turnbook/domain';
import { notFound, type EventBus } from '@turnbook/service-kit';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import type { IdentityClient } from '../clients/identity-client';
import type { StoreRepository } from '../stores/repository';
import { inviteStaff, limitStaffAdds, type InviteStaffDeps } from '../staff-invitations/invite-staff';
import type { InvitationsRepository } from '../staff-invitations/repository';
import { staffUpdatedEvent } from './events';
import { AlreadyEmployee, type NewEmployee, type StaffRepository } from './repository';
import { userVersionNow } from './user-version';
import { employeeView } from './view';

export interface AddStaffDeps extends InviteStaffDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: StaffRepository;
  identity: Pick<IdentityClient, 'userByEmail' | 'createStaffAccount'>;
  membership: Pick<MembershipPublisher, 'publish'>;
  invitations: InviteStaffDeps['invitations'] & Pick<InvitationsRepository, 'countRequest'>;
  staffAddsPerHour: number;
  /** A staff member's PIN is kept as a hash. */
  pins: Hasher;
  bus: EventBus;
}

/** What POST staff answers: the new employee, an invitation sent, or the spec's reason (a code) for adding nobody. */
export type AddStaffResult =
  | { employee: EmployeeView }
  | { invitation: { id: string; storeId: number; status: 'pending' } }
  | { refused: 'employeeExisted' | 'hasAccount' };

type AccountUser = NonNullable<UserByEmailResponse['user']>;

/** An employee record for a user with an account: names, contact and picture come from identity. */
export function employeeFromUser(base: { storeId: number; sortIndex: number; pinHash: string | null }, user: AccountUser): NewEmployee {
  return {
    ...base,
    role: 'staff',
    online_booking: 'ON',
    dayOff: '',
    archived: false,
    userId: user.id,
    fname: user.fname ?? '',
    lname: user.lname ?? '',
    nickname: user.fname ?? '',
    email: user.email,
    phone: user.phone ?? '',
    color: user.color || DEFAULT_USER_COLOR,
    profile_image: user.profile_image ?? null,
    url: user.profile_image ?? null,
    userVersion: userVersionNow(),
  };
}

/**
 * The owner adds staff (rate limited). Yes path ('hasAccount', by email): 'employee existed' when that
 * account is already staff here, otherwise an invitation is mailed and the person becomes staff only when
 * they accept (staff-invitations/); the answer never tells whether the email has an account, nor anything
 * about the person. No path ('noAccount'): an email and password make the person's own sign-in (identity
 * creates the account), so they are a member like anyone else; without a password they get a staff column
 * but cannot sign in. A new staff id comes from the staff counter (10000 and up), the employee is stored
 * with its `staff.updated` event, and the store's membership is republished.
 */
export async function addStaff(deps: AddStaffDeps, body: StaffAddBody, callerKey: string): Promise<AddStaffResult> {
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  await limitStaffAdds(deps, body.storeId, callerKey);

  if (body.hasAccount === 'hasAccount') {
    const user = await deps.identity.userByEmail(body.email);
    if (user && (await deps.staff.ofUserInStore(user.id, body.storeId)).length) return { refused: 'employeeExisted' };
    const invitation = await inviteStaff(deps, {
      storeId: body.storeId,
      storeName: store.name,
      email: body.email,
      pinHash: body.PIN ? await deps.pins.hash(body.PIN) : null,
      invitedBy: store.ownerId,
    });
    return { invitation };
  }

  const base = {
    storeId: body.storeId,
    role: 'staff' as const,
    online_booking: 'ON' as const,
    dayOff: '',
    sortIndex: await deps.staff.nextSortIndex(body.storeId),
    pinHash: body.PIN ? await deps.pins.hash(body.PIN) : null,
    archived: false,
  };

  const email = body.username && LOOSE_EMAIL.test(body.username) ? body.username : '';
  const fname = body.fname || body.nickname.toLowerCase();
  const lname = body.lname ?? '';
  const phone = body.phone ?? '';
  let userId: number | null = null;
  if (email && body.password) {
    const account = await deps.identity.createStaffAccount({ email, password: body.password, fname, lname, ...(phone ? { phone } : {}) });
    if (!account) return { refused: 'hasAccount' };
    userId = account.userId;
  } else if (email && (await deps.identity.userByEmail(email))) {
    // Someone with an account must be added by email (the Yes path), so their sign-in works here.
    return { refused: 'hasAccount' };
  }
  const doc: NewEmployee = {
    ...base,
    userId,
    fname,
    lname,
    nickname: body.nickname,
    email,
    phone,
    color: body.color ?? DEFAULT_USER_COLOR,
    profile_image: null,
    url: null,
    userVersion: userId != null ? userVersionNow() : null,
  };

  let created;
  try {
    created = await deps.staff.insert(doc, (saved) => [staffUpdatedEvent(deps.bus, saved)]);
  } catch (err) {
    if (err instanceof AlreadyEmployee) return { refused: 'employeeExisted' };
    throw err;
  }
  await deps.membership.publish(body.storeId);
  return { employee: employeeView(created) };
}
