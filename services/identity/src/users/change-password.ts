import type { Deps } from '../deps';
import { hashPassword, verifyPassword } from '../shared/passwords';
import { notFound } from '@turnbook/service-kit';

/**
 * The signed-in user changes their password. A wrong current password is a 400 that names the field
 * (the client only reads `success`), and counts as a failed sign-in so a stolen token cannot be used
 * to guess the password.
 */
export async function changePassword(d: Deps, input: { id: number; currentPassword: string; newPassword: string }, ip: string) {
  const user = await d.users.findWithSecret({ _id: input.id });
  if (!user) throw notFound('User not found');
  const account = `user:${user.email}`;
  await d.limiter.check(account, ip);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await d.limiter.failed(account, ip);
    return { ok: false as const };
  }
  await d.users.update(input.id, { passwordHash: await hashPassword(input.newPassword) });
  return { ok: true as const };
}
