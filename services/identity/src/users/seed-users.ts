import type { z } from 'zod';
import { DEFAULT_USER_COLOR } from '@turnbook/domain';
import { AppError, type EventBus } from '@turnbook/service-kit';
import type { SettingsRepository } from '../settings/repository';
import { currentSetting } from '../settings/current-setting';
import type { Hasher } from '@turnbook/service-kit/hashing';
import type { UsersRepository } from './repository';
import { userUpdatedEvent } from './events';
import { toPublicUser } from './public-user';
import type { SeedUsersBody } from '@turnbook/contracts';

export interface SeedUsersDeps {
  users: UsersRepository;
  settings: SettingsRepository;
  passwords: Hasher;
  bus: EventBus;
}

/**
 * Verified accounts for the demo (super admin, owner, staff). Idempotent: an email that exists already is
 * left as it is and returned, so the seed can run again.
 */
export async function seedUsers(d: SeedUsersDeps, input: z.infer<typeof SeedUsersBody>) {
  const { app_version } = await currentSetting(d.settings);
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
      // Demo and test accounts come verified, phone included (an internal call only).
      verifiedPhone: u.phone,
      role: u.role,
      color: u.color ?? DEFAULT_USER_COLOR,
      profile_image: null,
      app_version,
      passwordHash: await d.passwords.hash(u.password),
      verified: true,
    };
    try {
      users.push(toPublicUser(await d.users.insert(id, doc, [userUpdatedEvent(d.bus, { ...doc, _id: id, createdAt: new Date() })])));
    } catch (err) {
      // Seeded at the same moment by someone else: theirs stands.
      const raced = err instanceof AppError && err.code === 'conflict' ? await d.users.findByEmail(u.email) : null;
      if (!raced) throw err;
      users.push(toPublicUser(raced));
    }
  }
  return { users };
}
