import type { identity } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import { isPhoneVerified } from '../phone-verification/claims';
import type { UserDoc } from './repository';

/** What any client may see of a user: never the password hash or bookkeeping fields. */
export function toPublicUser(u: Omit<UserDoc, 'passwordHash'>): identity.PublicUser {
  return {
    id: u._id,
    fname: u.fname,
    lname: u.lname,
    email: u.email,
    phone: u.phone,
    role: u.role,
    profile_image: u.profile_image ?? null,
    app_version: u.app_version ?? null,
    color: u.color,
    phoneVerified: isPhoneVerified(u),
  };
}

/** user.updated: other services keep names, colours and pictures of users in their read models. */
export function userUpdatedEvent(bus: EventBus, u: Omit<UserDoc, 'passwordHash'>) {
  return bus.event('user.updated', 'global', {
    userId: u._id,
    fname: u.fname,
    lname: u.lname,
    email: u.email,
    phone: u.phone,
    color: u.color,
    profile_image: u.profile_image ?? null,
    role: u.role,
  });
}
