import type { BodyOf, ResponseOf } from '@turnbook/contracts';
import { notFound } from '@turnbook/service-kit';
import type { SignInLimiter } from '../sign-in/rate-limit';
import type { Hasher } from '@turnbook/service-kit/hashing';
import { assertNewPassword } from '../credentials/password-policy';
import { revokeSubject, type SessionDeps } from '../sessions/sessions';
import type { UsersRepository } from '../users/repository';
import type { StoreAccountsRepository } from './repository';

export interface StoreResetPasswordDeps {
  storeAccounts: StoreAccountsRepository;
  users: UsersRepository;
  limiter: SignInLimiter;
  passwords: Hasher;
  session: SessionDeps;
}

/**
 * The owner sets a new store sign-in password, confirming with their own password. Who may do it (the
 * owner the store account names) was decided by the router's `ownStoreAccount` policy.
 */
export async function storeResetPassword(d: StoreResetPasswordDeps, input: BodyOf<'POST storeResetPassword'>, ip: string): Promise<ResponseOf<'POST storeResetPassword'>> {
  const owner = await d.users.findWithSecret({ _id: input.userId });
  if (!owner) throw notFound('User not found');
  await assertNewPassword(input.newPassword, 'newPassword');
  const ok = await d.limiter.attempt(`user:${owner.email}`, ip, () => d.passwords.verify(owner.passwordHash, input.userPassword));
  if (!ok) return { success: false, message: "userPassword: is not the owner's password", code: 'validation', field: 'userPassword' };
  await d.storeAccounts.update(input.storeId, { passwordHash: await d.passwords.hash(input.newPassword) });
  // Tablets signed in with the old password sign in again.
  await revokeSubject(d.session, `store:${input.storeId}`);
  return { success: true };
}
