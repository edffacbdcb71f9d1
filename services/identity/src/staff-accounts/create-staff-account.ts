import type { z } from 'zod';
import { AppError, type EventBus } from '@turnbook/service-kit';
import { MESSAGES, type StaffAccountBody, type StaffAccountResponse } from '@turnbook/contracts';
import { DEFAULT_USER_COLOR } from '@turnbook/domain';
import type { SettingsRepository } from '../settings/repository';
import { currentSetting } from '../settings/current-setting';
import type { Hasher } from '@turnbook/service-kit/hashing';
import { assertNewPassword } from '../credentials/password-policy';
import type { UsersRepository } from '../users/repository';
import { userUpdatedEvent } from '../users/events';

export interface CreateStaffAccountDeps {
  users: UsersRepository;
  settings: SettingsRepository;
  passwords: Hasher;
  bus: EventBus;
}

const hasAccount = () => new AppError('hasAccount', MESSAGES.hasAccount, 'email');

/**
 * The owner adds a staff member who has no account yet and gives them an email and password: the account
 * is a verified professional one with that password, so the staff member signs in at once. An email
 * that has an account already is 409 `hasAccount` (that person is added by their existing account).
 */
export async function createStaffAccount(d: CreateStaffAccountDeps, input: z.output<typeof StaffAccountBody>): Promise<StaffAccountResponse> {
  if (await d.users.findByEmail(input.email)) throw hasAccount();
  await assertNewPassword(input.password, 'password');
  const [passwordHash, { app_version }, id] = await Promise.all([d.passwords.hash(input.password), currentSetting(d.settings), d.users.reserveId()]);
  const doc = {
    fname: input.fname,
    lname: input.lname,
    email: input.email,
    phone: input.phone ?? '',
    role: 'professional',
    color: DEFAULT_USER_COLOR,
    profile_image: null,
    app_version,
    passwordHash,
    verified: true,
  };
  try {
    // user.updated, not user.registered: no activation mail for an account that is active already.
    await d.users.insert(id, doc, [userUpdatedEvent(d.bus, { ...doc, _id: id, createdAt: new Date() })]);
  } catch (err) {
    // The unique email index decides when two creations race.
    if (err instanceof AppError && err.code === 'conflict') throw hasAccount();
    throw err;
  }
  return { userId: id };
}
