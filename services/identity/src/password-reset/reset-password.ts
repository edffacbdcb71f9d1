import type { BodyOf } from '@turnbook/contracts';
import type { OneTimeLinks } from '../links/one-time-links';
import type { SignInLimiter } from '../sign-in/rate-limit';
import type { Hasher } from '@turnbook/service-kit/hashing';
import { assertNewPassword } from '../credentials/password-policy';
import { revokeSubject, type SessionDeps } from '../sessions/sessions';
import type { UsersRepository } from '../users/repository';

export interface ResetPasswordDeps {
  users: UsersRepository;
  links: OneTimeLinks;
  limiter: SignInLimiter;
  passwords: Hasher;
  session: SessionDeps;
}

/**
 * Sets a new password from a reset link. The link is used up, and so is every other link the user still
 * has; every session of the user ends (a token stolen before the reset is worthless after it). Opening
 * a link sent to the address also proves it, so the account counts as verified.
 */
export async function resetPassword(d: ResetPasswordDeps, input: BodyOf<'POST resetPassword'>) {
  await assertNewPassword(input.password, 'password');
  await d.links.use(input.id, input.hash, 'reset');
  const passwordHash = await d.passwords.hash(input.password);
  await d.users.update(input.id, { passwordHash, verified: true });
  await d.links.removeAll(input.id);
  await revokeSubject(d.session, String(input.id));
  const user = await d.users.findById(input.id);
  if (user) await d.limiter.forgive(`user:${user.email}`);
  return { success: true as const };
}
