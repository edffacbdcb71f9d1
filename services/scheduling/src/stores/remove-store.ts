import { MESSAGES } from '@turnbook/contracts';
import { notFound, type EventBus } from '@turnbook/service-kit';
import type { MembershipPublisher } from '../memberships/membership-publisher';
import type { IdentityClient } from '../clients/identity-client';
import { storeUpdatedEvent } from './events';
import type { StoreDoc } from './model';
import type { StoreRepository } from './repository';

export interface RemoveStoreDeps {
  stores: StoreRepository;
  identity: Pick<IdentityClient, 'removeStoreAccount'>;
  membership: MembershipPublisher;
  bus: EventBus;
}

/**
 * "Delete store" archives it: status OFF, gone from every list and lookup, its sign-in account removed,
 * but its services, staff, customers and appointments are kept (a salon's history must not vanish, and a
 * super admin can still see it in getAllStores). Its permalinks stay reserved to it.
 */
export async function removeStore(deps: RemoveStoreDeps, id: number): Promise<{ success: true }> {
  const store = await deps.stores.byId(id);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  await deps.identity.removeStoreAccount(id);
  const off: StoreDoc = { ...store, status: 'OFF' };
  const { snapshot, event } = await deps.membership.eventForStore(off);
  await deps.stores.update(id, { status: 'OFF' }, [event, storeUpdatedEvent(deps.bus, off)]);
  await deps.membership.apply(snapshot);
  await deps.membership.settleStoreWrite(id);
  return { success: true };
}
