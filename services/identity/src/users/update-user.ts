import type { BodyOf } from '@turnbook/contracts';
import { notFound, type EventBus } from '@turnbook/service-kit';
import { phoneChangeResets } from '../phone-verification/claims';
import type { UsersRepository } from './repository';
import { toPublicUser, userUpdatedEvent } from './public-user';

export interface UpdateUserDeps {
  users: UsersRepository;
  bus: EventBus;
}

/**
 * Account settings. Names, email and colour arrive lowercased from the schema; an email that belongs
 * to someone else is refused by the unique index (409). Other services hear about it (user.updated).
 */
export async function updateUser(d: UpdateUserDeps, id: number, changes: BodyOf<'PATCH user/{id}'>) {
  const user = await d.users.findById(id);
  if (!user) throw notFound('User not found');
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return { user: toPublicUser(user) };
  Object.assign(set, phoneChangeResets(user, set));
  const updated = { ...user, ...set };
  await d.users.update(id, set, [userUpdatedEvent(d.bus, updated)]);
  return { user: toPublicUser(updated) };
}
