import type { UsersRepository } from './repository';
import { toPublicUser } from './public-user';

/**
 * Users by id for other services (internal call). They also learn whether the account is verified and when
 * it was made (customers ties a guest's booking to the account registered in the same flow).
 */
export async function usersByIds(d: { users: UsersRepository }, ids: number[]) {
  return {
    users: (await d.users.findByIds(ids)).map((u) => ({ ...toPublicUser(u), verified: u.verified, createdAt: u.createdAt.toISOString() })),
  };
}

/** One user by email for other services (internal call), or null. */
export async function userByEmail(d: { users: UsersRepository }, email: string) {
  const user = await d.users.findByEmail(email);
  return { user: user ? toPublicUser(user) : null };
}
