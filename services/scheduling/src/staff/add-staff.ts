import argon2 from 'argon2';
import { MESSAGES } from '@turnbook/contracts';
import type { EmployeeView, StaffAddBody } from '@turnbook/contracts/schemas/scheduling';
import { DEFAULT_USER_COLOR, LOOSE_EMAIL } from '@turnbook/domain';
import { AppError, notFound, type EventBus } from '@turnbook/service-kit';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import type { IdentityClient } from '../clients/identity-client';
import type { StoreRepository } from '../stores/repository';
import { staffUpdatedEvent } from './events';
import { AlreadyEmployee, type NewEmployee, type StaffRepository } from './repository';
import { userVersionNow } from './user-version';
import { employeeView } from './view';

export interface AddStaffDeps {
  stores: Pick<StoreRepository, 'byId'>;
  staff: StaffRepository;
  identity: Pick<IdentityClient, 'userByEmail' | 'createStaffAccount'>;
  membership: Pick<MembershipPublisher, 'publish'>;
  bus: EventBus;
}

/** What POST staff answers: the new employee, or the spec's reason (a code) for adding nobody. */
export type AddStaffResult = { employee: EmployeeView } | { refused: 'employeeExisted' | 'hasAccount' };

/**
 * The owner adds staff: an existing user by email ('hasAccount'), whose names, contact and picture come
 * from identity; or a person without an account yet ('noAccount'). On that path an email and password
 * make the person's own sign-in (identity creates the account), so they are a member like anyone else;
 * without a password they get a staff column but cannot sign in. Either way the new staff id comes from
 * the staff counter (10000 and up), the employee is stored with its `staff.updated` event, and the
 * store's membership is republished.
 */
export async function addStaff(deps: AddStaffDeps, body: StaffAddBody): Promise<AddStaffResult> {
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);

  const base = {
    storeId: body.storeId,
    role: 'staff' as const,
    online_booking: 'ON' as const,
    dayOff: '',
    sortIndex: await deps.staff.nextSortIndex(body.storeId),
    pinHash: body.PIN ? await argon2.hash(body.PIN) : null,
    archived: false,
  };

  let doc: NewEmployee;
  if (body.hasAccount === 'hasAccount') {
    const user = await deps.identity.userByEmail(body.email);
    if (!user) throw new AppError('noAccountWithEmail', MESSAGES.noAccountWithEmail, 'email');
    doc = {
      ...base,
      userId: user.id,
      fname: user.fname ?? '',
      lname: user.lname ?? '',
      nickname: user.fname ?? '',
      email: user.email ?? body.email,
      phone: user.phone ?? '',
      color: user.color || DEFAULT_USER_COLOR,
      profile_image: user.profile_image ?? null,
      url: user.profile_image ?? null,
      userVersion: userVersionNow(),
    };
  } else {
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
    doc = {
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
  }

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
