import type { SettingsRepository } from '../settings/repository';
import type { StoreAccountsRepository } from './repository';

export interface RemoveStoreAccountDeps {
  storeAccounts: StoreAccountsRepository;
  settings: SettingsRepository;
}

/** Scheduling removed the store: its sign-in account and its version setting go too. */
export async function removeStoreAccount(d: RemoveStoreAccountDeps, storeId: number) {
  await d.storeAccounts.remove(storeId);
  await d.settings.removeStore(storeId);
  return { success: true as const };
}
