import type { BodyOf, ResponseOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import { AppError, conflict, notFound, type EventBus } from '@turnbook/service-kit';
import type { Hasher } from '@turnbook/service-kit/hashing';
import type { OneTimeLinks } from '../links/one-time-links';
import type { SignInLimiter } from '../sign-in/rate-limit';
import { phoneChangeResets } from '../phone-verification/claims';
import type { UsersRepository } from './repository';
import { emailChangeNoticeEvent, emailChangeRequestedEvent, userUpdatedEvent } from './events';
import { toPublicUser } from './public-user';

export interface UpdateUserDeps {
  users: UsersRepository;
  bus: EventBus;
  links: OneTimeLinks;
  limiter: SignInLimiter;
  passwords: Hasher;
  publicUrl: string;
}

/**
 * Account settings. Names and colour arrive lowercased from the schema and are saved at once; other
 * services hear about it (user.updated). A different email is not saved here: it needs the caller's
 * current password, and takes effect when the link sent to the new address is opened (confirm-email);
 * the old address is told. The same email as now (the form always sends it) asks for nothing.
 */
export async function updateUser(
  d: UpdateUserDeps,
  id: number,
  body: BodyOf<'PATCH user/{id}'>,
  caller: { userId: number; ip: string },
): Promise<ResponseOf<'PATCH user/{id}'>> {
  const user = await d.users.findById(id);
  if (!user) throw notFound('User not found');
  const { email, currentPassword: _ignored, ...rest } = body;
  const emailChange = email !== undefined && email !== user.email ? email : undefined;
  if (emailChange) await requestEmailChange(d, user, emailChange, body.currentPassword, caller);

  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  let current = user;
  if (Object.keys(set).length) {
    Object.assign(set, phoneChangeResets(user, set));
    current = { ...user, ...set };
    await d.users.update(id, set, [userUpdatedEvent(d.bus, current)]);
  }
  return emailChange ? { user: toPublicUser(current), emailChangePending: true, message: MESSAGES.emailChangePending } : { user: toPublicUser(current) };
}

async function requestEmailChange(
  d: UpdateUserDeps,
  user: { _id: number; email: string; fname: string },
  newEmail: string,
  currentPassword: string | undefined,
  caller: { userId: number; ip: string },
) {
  if (!currentPassword) throw new AppError('validation', `currentPassword: ${MESSAGES.currentPasswordRequired}`, 'currentPassword');
  // The caller's own password: the user, or the super admin acting for them.
  const me = await d.users.findWithSecret({ _id: caller.userId });
  const ok = await d.limiter.attempt(`user:${me?.email ?? caller.userId}`, caller.ip, () => d.passwords.verify(me?.passwordHash, currentPassword));
  if (!ok) throw new AppError('validation', `currentPassword: ${MESSAGES.currentPasswordWrong}`, 'currentPassword');
  if (await d.users.findByEmail(newEmail)) throw conflict(MESSAGES.emailExists, 'email');
  const { mailId } = await d.links.issue(user._id, 'email', d.publicUrl, { email: newEmail });
  await d.bus.publishDurably(emailChangeRequestedEvent(d.bus, { userId: user._id, email: newEmail, fname: user.fname, mailId }));
  await d.bus.publishDurably(emailChangeNoticeEvent(d.bus, { userId: user._id, oldEmail: user.email, newEmail, fname: user.fname, step: 'requested' }));
}
