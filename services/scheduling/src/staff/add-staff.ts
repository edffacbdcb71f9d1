import argon2 from 'argon2';
import type { EmployeeView, StaffAddBody } from '@turnbook/contracts/schemas/scheduling';
import { DEFAULT_USER_COLOR, LOOSE_EMAIL } from '@turnbook/domain';
import { conflict, notFound } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { staffUpdatedEvent } from './events';
import type { EmployeeDoc } from './model';
import { AlreadyEmployee, type NewEmployee } from './repository';
import { employeeView } from './view';

/** The spec's answers, which the add-staff wizard reacts to (doc 002 §8). */
export const EMPLOYEE_EXISTED = 'employee existed';
export const HAS_ACCOUNT = 'has account';
export const NO_ACCOUNT_WITH_EMAIL = 'No account with this email';

/**
 * The owner adds staff: an existing user by email ('hasAccount'), whose names, contact and picture come
 * from identity; or a person without an account ('noAccount'), who cannot sign in. Either way the new
 * staff id comes from the staff counter (10000 and up) and the store's membership is republished.
 */
export async function addStaff(deps: Deps, body: StaffAddBody): Promise<{ employee: EmployeeView }> {
  const store = await deps.stores.byId(body.storeId);
  if (!store || store.status !== 'ON') throw notFound('Store not found');

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
    if (!user) throw notFound(NO_ACCOUNT_WITH_EMAIL);
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
    };
  } else {
    const email = body.username && LOOSE_EMAIL.test(body.username) ? body.username : '';
    // Someone with an account must be added by email, so their sign-in works at this store.
    if (email && (await deps.identity.userByEmail(email))) throw conflict(HAS_ACCOUNT, 'username');
    doc = {
      ...base,
      userId: null,
      fname: body.fname || body.nickname.toLowerCase(),
      lname: body.lname ?? '',
      nickname: body.nickname,
      email,
      phone: body.phone ?? '',
      color: body.color ?? DEFAULT_USER_COLOR,
      profile_image: null,
      url: null,
    };
  }

  let created: EmployeeDoc;
  try {
    created = await deps.staff.insert(doc);
  } catch (err) {
    if (err instanceof AlreadyEmployee) throw conflict(EMPLOYEE_EXISTED, 'email');
    throw err;
  }
  await deps.staff.recordEvents(created._id, [staffUpdatedEvent(deps.ctx.bus, created)]);
  await deps.membership.publish(body.storeId);
  return { employee: employeeView(created) };
}
