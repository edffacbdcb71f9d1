import { MESSAGES } from '@turnbook/contracts';
import { LOOSE_EMAIL } from '@turnbook/domain';
import { AppError } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { verifyPassword } from '../shared/passwords';
import { toPublicUser } from '../users/public-user';

/**
 * User sign-in. Unknown account and wrong password answer alike (no account enumeration); a right
 * password on an unverified account answers 'Not Verified' so the client can say to check the inbox.
 */
export async function login(d: Deps, input: { email: string; password: string }, ip: string) {
  const email = input.email.trim().toLowerCase();
  // The spec's client tries a user login first with whatever was typed, then a store login. A store
  // username cannot be a user account, so it is refused at once and does not count as a failure.
  if (!LOOSE_EMAIL.test(email)) throw new AppError('unauthenticated', MESSAGES.invalidLogin);
  const account = `user:${email}`;
  await d.limiter.check(account, ip);

  const user = await d.users.findWithSecret({ email });
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    await d.limiter.failed(account, ip);
    throw new AppError('unauthenticated', MESSAGES.invalidLogin);
  }
  await d.limiter.succeeded(account);
  if (!user.verified) throw new AppError('notVerified', MESSAGES.notVerified);

  // phone: realtime's customer channel and a customer's own appointments are scoped by it.
  const access_token = d.keys.sign({ sub: String(user._id), kind: 'user', role: user.role, phone: user.phone }, d.config.ACCESS_TOKEN_TTL);
  return { user: toPublicUser(user), access_token };
}
