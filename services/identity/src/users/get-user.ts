import { notFound } from '@turnbook/service-kit';
import type { UsersRepository } from './repository';
import { toPublicUser } from './public-user';

export interface GetUserDeps {
  users: UsersRepository;
}

export async function getUser(d: GetUserDeps, id: number) {
  const user = await d.users.findById(id);
  if (!user) throw notFound('User not found');
  return { user: toPublicUser(user) };
}

/** The spec's client reads `users[0]` of this call. */
export async function getUserAsList(d: GetUserDeps, id: number) {
  const { user } = await getUser(d, id);
  return { users: [user] };
}
