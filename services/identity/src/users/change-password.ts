import type { BodyOf, ResponseOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import { notFound } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import type { SignInLimiter } from '../sign-in/rate-limit';
import type { Hasher } from '@turnbook/service-kit/hashing';
import { assertNewPassword } from '../credentials/password-policy';
import { issueSession, revokeSubject, type SessionDeps } from '../sessions/sessions';
import { userClaims } from '../sign-in/user-claims';
import type { UsersRepository } from './repository';

export interface ChangePasswordDeps {
  users: UsersRepository;
  limiter: SignInLimiter;
  passwords: Hasher;
  links: OneTimeLinks;
  session: SessionDeps;
}

/**
 * The signed-in user changes their password. A wrong current password is a 400 that names the field
 * (the client only reads `success`), and counts as a failed sign-in so a stolen token cannot be used
 * to guess the password. Every session of the user ends and every link they were sent stops working;
 * the user, when the caller, gets a new session (`setCookie`), so the screen that changed it stays signed in.
 */
export async function changePassword(
  d: ChangePasswordDeps,
  input: BodyOf<'POST userResetPassword'>,
  ip: string,
  /** The caller is the user (not the super admin): their screen gets a new session. */
  keepSignedIn: boolean,
): Promise<{ answer: ResponseOf<'POST userResetPassword'>; setCookie?: string }> {
  const user = await d.users.findWithSecret({ _id: input.id });
  if (!user) throw notFound('User not found');
  await assertNewPassword(input.newPassword, 'newPassword');
  const ok = await d.limiter.attempt(`user:${user.email}`, ip, () => d.passwords.verify(user.passwordHash, input.currentPassword));
  if (!ok) return { answer: { success: false, message: `currentPassword: ${MESSAGES.currentPasswordWrong}`, code: 'validation', field: 'currentPassword' } };
  await d.users.update(input.id, { passwordHash: await d.passwords.hash(input.newPassword) });
  await d.links.removeAll(input.id);
  await revokeSubject(d.session, String(input.id));
  if (!keepSignedIn) return { answer: { success: true } };
  const { setCookie } = await issueSession(d.session, userClaims(user));
  return { answer: { success: true }, setCookie };
}
