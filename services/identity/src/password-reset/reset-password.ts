import type { BodyOf } from '@turnbook/contracts';
import type { OneTimeLinks } from '../links/one-time-links';
import type { SignInLimiter } from '../sign-in/rate-limit';
import type { Passwords } from '../credentials/passwords';
import type { UsersRepository } from '../users/repository';

export interface ResetPasswordDeps {
  users: UsersRepository;
  links: OneTimeLinks;
  limiter: SignInLimiter;
  passwords: Passwords;
}

/**
 * Sets a new password from a reset link. The link is used up, and so is every other reset link the
 * user still has. Opening a link sent to the address also proves it, so the account counts as verified.
 */
export async function resetPassword(d: ResetPasswordDeps, input: BodyOf<'POST resetPassword'>) {
  await d.links.use(input.id, input.hash, 'reset');
  const passwordHash = await d.passwords.hash(input.password);
  await d.users.update(input.id, { passwordHash, verified: true });
  await d.links.removeAll(input.id, 'reset');
  const user = await d.users.findById(input.id);
  if (user) await d.limiter.forgive(`user:${user.email}`);
  return { success: true as const };
}
