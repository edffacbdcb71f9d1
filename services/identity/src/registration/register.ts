import type { BodyOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import { DEFAULT_USER_COLOR } from '@turnbook/domain';
import { addressKey, conflict, type EventBus, type RequestLimiter } from '@turnbook/service-kit';
import type { OneTimeLinks } from '../links/one-time-links';
import type { SettingsRepository } from '../settings/repository';
import { currentSetting } from '../settings/current-setting';
import type { Hasher } from '@turnbook/service-kit/hashing';
import { assertNewPassword } from '../credentials/password-policy';
import type { UsersRepository } from '../users/repository';
import { toPublicUser } from '../users/public-user';
import { userRegisteredEvent } from './events';

export interface RegisterDeps {
  users: UsersRepository;
  links: OneTimeLinks;
  settings: SettingsRepository;
  passwords: Hasher;
  bus: EventBus;
  publicUrl: string;
  requests: RequestLimiter;
  limits: { perAddress: number; perEmail: number };
}

/**
 * A new, unverified account. The verification link goes out by event (messaging mails it); the user can
 * sign in once the link is opened. The schema has lowercased and checked the fields already.
 */
export async function register(d: RegisterDeps, input: BodyOf<'POST register'>, ip: string) {
  await d.requests.take([
    [addressKey('register', ip), d.limits.perAddress],
    [`register:email:${input.email}`, d.limits.perEmail],
  ], MESSAGES.tooManyRequests);
  await assertNewPassword(input.password, 'password');
  // Cheap early answer; the unique index still decides when two registrations race.
  if (await d.users.findByEmail(input.email)) throw conflict(MESSAGES.emailExists, 'email');

  const [passwordHash, setting, id] = await Promise.all([d.passwords.hash(input.password), currentSetting(d.settings), d.users.reserveId()]);
  // The link is stored before the user, so the event never names a link that does not exist.
  const { mailId } = await d.links.issue(id, 'verify', d.publicUrl);
  const event = userRegisteredEvent(d.bus, { userId: id, email: input.email, fname: input.fname, mailId });

  const user = await d.users.insert(
    id,
    {
      fname: input.fname,
      lname: input.lname,
      email: input.email,
      phone: input.phone,
      role: input.role,
      color: input.color ?? DEFAULT_USER_COLOR,
      profile_image: null,
      // Nothing new to announce to someone who just joined.
      app_version: setting.app_version,
      passwordHash,
      verified: false,
    },
    [event],
  );
  return { user: toPublicUser(user) };
}
