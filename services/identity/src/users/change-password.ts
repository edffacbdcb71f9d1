import type { BodyOf, ResponseOf } from '@turnbook/contracts';
import { notFound } from '@turnbook/service-kit';
import type { SignInLimiter } from '../sign-in/rate-limit';
import type { Passwords } from '../credentials/passwords';
import type { UsersRepository } from './repository';

export interface ChangePasswordDeps {
  users: UsersRepository;
  limiter: SignInLimiter;
  passwords: Passwords;
}

/**
 * The signed-in user changes their password. A wrong current password is a 400 that names the field
 * (the client only reads `success`), and counts as a failed sign-in so a stolen token cannot be used
 * to guess the password.
 */
export async function changePassword(d: ChangePasswordDeps, input: BodyOf<'POST userResetPassword'>, ip: string): Promise<ResponseOf<'POST userResetPassword'>> {
  const user = await d.users.findWithSecret({ _id: input.id });
  if (!user) throw notFound('User not found');
  const ok = await d.limiter.attempt(`user:${user.email}`, ip, () => d.passwords.verify(user.passwordHash, input.currentPassword));
  if (!ok) return { success: false, message: 'currentPassword: is not your current password', code: 'validation', field: 'currentPassword' };
  await d.users.update(input.id, { passwordHash: await d.passwords.hash(input.newPassword) });
  return { success: true };
}
