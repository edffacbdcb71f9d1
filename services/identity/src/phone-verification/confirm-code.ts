import { timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, notFound, type EventBus } from '@turnbook/service-kit';
import { reissueClaims, type SessionDeps } from '../sessions/sessions';
import { userClaims } from '../sign-in/user-claims';
import type { UsersRepository } from '../users/repository';
import { userUpdatedEvent } from '../users/events';
import { toPublicUser } from '../users/public-user';
import type { PhoneCodesRepository } from './repository';
import { hashCode, MAX_TRIES } from './codes';

export interface ConfirmPhoneCodeDeps {
  users: Pick<UsersRepository, 'findById' | 'update'>;
  phoneCodes: PhoneCodesRepository;
  bus: EventBus;
  session: SessionDeps;
}

const expired = () => new AppError('phoneCodeExpired', MESSAGES.phoneCodeExpired, 'code');

/**
 * Checks the texted code: right, the phone is verified and a new token carries it; wrong, one of the 5
 * tries is used. A code is only good for the number it was sent to, within its 10 minutes.
 */
export async function confirmPhoneCode(d: ConfirmPhoneCodeDeps, userId: number, code: string, sid?: string) {
  const [user, live] = await Promise.all([d.users.findById(userId), d.phoneCodes.find(userId)]);
  if (!user) throw notFound('User not found');
  if (!live || live.expiresAt.getTime() <= Date.now() || live.phone !== user.phone) throw expired();
  const attempt = await d.phoneCodes.takeTry(live, MAX_TRIES);
  if (attempt === null) throw expired();

  const typed = Buffer.from(hashCode(live.salt, code), 'hex');
  if (!timingSafeEqual(typed, Buffer.from(live.codeHash, 'hex'))) {
    if (attempt === MAX_TRIES) await d.phoneCodes.remove(userId);
    throw new AppError('phoneCodeWrong', MESSAGES.phoneCodeWrong, 'code');
  }

  await d.phoneCodes.remove(userId);
  const updated = { ...user, verifiedPhone: live.phone };
  await d.users.update(userId, { verifiedPhone: live.phone }, [userUpdatedEvent(d.bus, updated)]);
  const access_token = await reissueClaims(d.session, userClaims(updated), sid);
  return { user: toPublicUser(updated), access_token };
}
