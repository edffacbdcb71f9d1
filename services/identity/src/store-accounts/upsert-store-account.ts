import type { z } from 'zod';
import type { identity } from '@turnbook/contracts';
import { badRequest } from '@turnbook/service-kit';
import type { SettingsRepository } from '../settings/repository';
import { currentSetting } from '../settings/current-setting';
import type { Hasher } from '@turnbook/service-kit/hashing';
import { assertNewPassword } from '../credentials/password-policy';
import type { StoreAccountsRepository } from './repository';

export interface UpsertStoreAccountDeps {
  storeAccounts: StoreAccountsRepository;
  settings: SettingsRepository;
  passwords: Hasher;
}

type StoreAccountInput = z.infer<typeof identity.StoreAccountBody>;

const view = (a: { _id: number; ownerId: number; permalink: string; username: string }) => ({
  storeId: a._id,
  ownerId: a.ownerId,
  permalink: a.permalink,
  username: a.username,
});

/**
 * Scheduling creates a store's sign-in account with the store and changes it with the store. A new
 * account needs a password; later calls set one only when given. A username another store has is 409.
 */
export async function upsertStoreAccount(d: UpsertStoreAccountDeps, storeId: number, input: StoreAccountInput) {
  const { ownerId, permalink, username } = input;
  if (input.password) await assertNewPassword(input.password, 'password');
  const passwordHash = input.password ? await d.passwords.hash(input.password) : undefined;
  const existing = await d.storeAccounts.findById(storeId);
  if (!existing) {
    if (!passwordHash) throw badRequest('password', 'password: is required for a new store account');
    const created = await d.storeAccounts.insert({ _id: storeId, ownerId, permalink, username, passwordHash, updatedAt: new Date() });
    if (created) {
      // A new store has seen the current version notice already (see README, "App version settings").
      await d.settings.initStore(storeId, (await currentSetting(d.settings)).app_version);
      return { created: true, account: view({ _id: storeId, ownerId, permalink, username }) };
    }
  }
  await d.storeAccounts.update(storeId, { ownerId, permalink, username, ...(passwordHash ? { passwordHash } : {}) });
  return { created: false, account: view({ _id: storeId, ownerId, permalink, username }) };
}
