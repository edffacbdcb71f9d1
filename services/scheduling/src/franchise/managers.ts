import { MESSAGES } from '@turnbook/contracts';
import { AppError, notFound } from '@turnbook/service-kit';
import type { IdentityClient } from '../clients/identity-client';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import type { StoreManagerDoc } from '../stores/model';
import type { StoreRepository } from '../stores/repository';

/** What granting a store to a franchise manager needs (docs/product/roles.md, "Franchise managers"). */
export interface ManagersDeps {
  stores: Pick<StoreRepository, 'byId' | 'update'>;
  identity: Pick<IdentityClient, 'userByEmail'>;
  membership: Pick<MembershipPublisher, 'publish'>;
}

type Managers = { managers: StoreManagerDoc[] };

const listOf = (managers: StoreManagerDoc[] | undefined): Managers => ({ managers: (managers ?? []).map(({ userId, email }) => ({ userId, email })) });

async function storeOf(deps: ManagersDeps, storeId: number) {
  const store = await deps.stores.byId(storeId);
  if (!store) throw notFound(MESSAGES.storeNotFound);
  return store;
}

/** Writes the list, then publishes the store's membership: every service's guards learn the grant. */
async function save(deps: ManagersDeps, storeId: number, managers: StoreManagerDoc[]): Promise<Managers> {
  await deps.stores.update(storeId, { managers });
  await deps.membership.publish(storeId);
  return listOf(managers);
}

/** getStoreManagers: who the owner granted this store. */
export async function listManagers(deps: ManagersDeps, storeId: number): Promise<Managers> {
  return listOf((await storeOf(deps, storeId)).managers);
}

/**
 * storeManager: the owner grants the store to the professional with this email (an admin's access there,
 * without a staff column). Granting someone again changes nothing; the owner and customers are refused.
 */
export async function grantManager(deps: ManagersDeps, storeId: number, email: string): Promise<Managers> {
  const [store, user] = await Promise.all([storeOf(deps, storeId), deps.identity.userByEmail(email)]);
  if (!user) throw new AppError('noAccountWithEmail', MESSAGES.noAccountWithEmail);
  if (user.id === store.ownerId) throw new AppError('validation', 'email: the owner has every access to the store already', 'email');
  if (user.role === 'customer') throw new AppError('validation', 'email: must be a professional account (a customer cannot manage stores)', 'email');
  const current = store.managers ?? [];
  if (current.some((m) => m.userId === user.id)) return listOf(current);
  return save(deps, storeId, [...current, { userId: user.id, email: user.email }]);
}

/** DELETE storeManager: the owner takes the grant back; at once in every service's guards. */
export async function revokeManager(deps: ManagersDeps, storeId: number, userId: number): Promise<Managers> {
  const current = (await storeOf(deps, storeId)).managers ?? [];
  if (!current.some((m) => m.userId === userId)) return listOf(current);
  return save(deps, storeId, current.filter((m) => m.userId !== userId));
}
