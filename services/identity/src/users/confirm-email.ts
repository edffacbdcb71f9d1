import type { BodyOf, ResponseOf } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import { badRequest, notFound } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import { revokeSubject, type SessionDeps } from '../sessions/sessions';
import type { UsersRepository } from './repository';
import { emailChangeNoticeEvent, userUpdatedEvent } from './events';

export interface ConfirmEmailDeps {
  users: UsersRepository;
  links: OneTimeLinks;
  bus: EventBus;
  session: SessionDeps;
}

/**
 * The link sent to a new address was opened: the address is proven and becomes the account's email.
 * Every session ends and every other link stops working (the user signs in again with the new email),
 * and the old address is told. An address taken meanwhile is 409 (the unique index decides).
 */
export async function confirmEmail(d: ConfirmEmailDeps, input: BodyOf<'POST auth/confirm-email'>): Promise<ResponseOf<'POST auth/confirm-email'>> {
  const link = await d.links.checkLink(input.id, input.hash, 'email');
  const user = await d.users.findById(input.id);
  if (!user) throw notFound('User not found');
  if (!link.email) throw badRequest('hash', 'hash: this confirmation link is invalid');
  if (!(await d.links.markUsed(link._id))) throw badRequest('hash', 'hash: this confirmation link is invalid, was used already or has expired');
  const updated = { ...user, email: link.email, verified: true };
  await d.users.update(user._id, { email: link.email, verified: true }, [
    userUpdatedEvent(d.bus, updated),
    emailChangeNoticeEvent(d.bus, { userId: user._id, oldEmail: user.email, newEmail: link.email, fname: user.fname, step: 'changed' }),
  ]);
  await d.links.removeAll(user._id);
  await revokeSubject(d.session, String(user._id));
  return { success: true, email: link.email };
}
