import type { UsersRepository } from './repository';
import { toPublicUser } from './public-user';

export async function listUsers(d: { users: UsersRepository }) {
  return { users: (await d.users.all()).map(toPublicUser) };
}
