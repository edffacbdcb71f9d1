import type { z } from 'zod';
import { DEFAULT_USER_COLOR } from '@turnbook/domain';
import { AppError } from '@turnbook/service-kit';
import type { Deps } from '../deps';
import { hashPassword } from '../shared/passwords';
import { currentSetting } from '../settings/settings';
import { toPublicUser, userUpdatedEvent } from '../users/public-user';
import type { SeedUsersBody } from './schemas';

/**
 * Verified accounts for the demo (super admin, owner, staff). Idempotent: an email that exists already is
 * left as it is and returned, so the seed can run again.
 */
export async function seedUsers(d: Deps, input: z.infer<typeof SeedUsersBody>) {
  const { app_version } = await currentSetting(d);
  const users = [];
  for (const u of input.users) {
    const existing = await d.users.findByEmail(u.email);
    if (existing) {
      users.push(toPublicUser(existing));
      continue;
    }
    const id = await d.users.reserveId();
    const doc = {
      fname: u.fname,
      lname: u.lname,
      email: u.email,
      phone: u.phone,
      role: u.role,
      color: u.color ?? DEFAULT_USER_COLOR,
      profile_image: null,
      app_version,
      passwordHash: await hashPassword(u.password),
      verified: true,
    };
    try {
      users.push(toPublicUser(await d.users.insert(id, doc, [userUpdatedEvent(d.ctx.bus, { ...doc, _id: id, createdAt: new Date() })])));
    } catch (err) {
      // Seeded at the same moment by someone else: theirs stands.
      const raced = err instanceof AppError && err.code === 'conflict' ? await d.users.findByEmail(u.email) : null;
      if (!raced) throw err;
      users.push(toPublicUser(raced));
    }
  }
  return { users };
}
