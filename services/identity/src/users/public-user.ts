import type { identity } from '@turnbook/contracts';
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
