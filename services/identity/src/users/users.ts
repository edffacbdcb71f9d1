import type { z } from 'zod';
import type { identity } from '@turnbook/contracts';
import { notFound } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { toPublicUser, userUpdatedEvent } from './public-user';

export async function getUser(d: Deps, id: number) {
  const user = await d.users.findById(id);
  if (!user) throw notFound('User not found');
  return { user: toPublicUser(user) };
}

/** The spec's client reads `users[0]` of this call. */
export async function getUserAsList(d: Deps, id: number) {
  const { user } = await getUser(d, id);
  return { users: [user] };
}

export async function listUsers(d: Deps) {
  return { users: (await d.users.all()).map(toPublicUser) };
}

/**
 * Account settings. Names, email and colour arrive lowercased from the schema; an email that belongs
 * to someone else is refused by the unique index (409). Other services hear about it (user.updated).
 */
export async function updateUser(d: Deps, id: number, changes: z.infer<typeof identity.UserPatchBody>) {
  const user = await d.users.findById(id);
  if (!user) throw notFound('User not found');
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return { user: toPublicUser(user) };
  const updated = { ...user, ...set };
  await d.users.update(id, set, [userUpdatedEvent(d.ctx.bus, updated)]);
  return { user: toPublicUser(updated) };
}
