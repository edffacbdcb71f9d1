import type { Deps } from '../deps';
import { hashPassword } from '../shared/passwords';

/** The reset page asks first whether its link still works (else the client goes to /). */
export async function validateResetLink(d: Deps, input: { id: number; hash: string }) {
  await d.links.check(input.id, input.hash, 'reset');
  return { valid: true };
}

/**
 * Sets a new password from a reset link. The link is used up, and so is every other reset link the
 * user still has. Opening a link sent to the address also proves it, so the account counts as verified.
 */
export async function resetPassword(d: Deps, input: { id: number; hash: string; password: string }) {
  await d.links.use(input.id, input.hash, 'reset');
  const passwordHash = await hashPassword(input.password);
  await d.users.update(input.id, { passwordHash, verified: true });
  await d.links.removeAll(input.id, 'reset');
  const user = await d.users.findById(input.id);
  if (user) await d.limiter.succeeded(`user:${user.email}`);
  return { success: true };
}
