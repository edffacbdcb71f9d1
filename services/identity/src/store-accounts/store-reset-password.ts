import type { Caller } from '@turnbook/service-kit';
import { forbidden, notFound } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { hashPassword, verifyPassword } from '../shared/passwords';

interface Input {
  userId: number;
  userPassword: string;
  storeId: number;
  newPassword: string;
}

/**
 * The owner sets a new store sign-in password, confirming with their own password. The router has
 * checked ownership on the memberships read model; the store account (which identity owns) is checked
 * too, since the read model may lag behind a change of owner.
 */
export async function storeResetPassword(d: Deps, caller: Caller, input: Input, ip: string) {
  const account = await d.storeAccounts.findById(input.storeId);
  if (!account) throw notFound('Store not found');
  if (caller.userId == null || account.ownerId !== caller.userId || input.userId !== caller.userId) throw forbidden();

  const owner = await d.users.findWithSecret({ _id: caller.userId });
  if (!owner) throw forbidden();
  const limiterKey = `user:${owner.email}`;
  await d.limiter.check(limiterKey, ip);
  if (!(await verifyPassword(owner.passwordHash, input.userPassword))) {
    await d.limiter.failed(limiterKey, ip);
    return { ok: false as const };
  }
  await d.storeAccounts.update(input.storeId, { passwordHash: await hashPassword(input.newPassword) });
  return { ok: true as const };
}
