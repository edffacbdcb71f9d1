import { notFound } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { storeUpdatedEvent } from './events';
import type { StoreDoc } from './model';

/**
 * "Delete store" archives it: status OFF, gone from every list and lookup, its sign-in account removed,
 * but its services, staff, customers and appointments are kept (a salon's history must not vanish, and a
 * super admin can still see it in getAllStores).
 */
export async function removeStore(deps: Deps, id: number): Promise<{ success: true }> {
  const store = await deps.stores.byId(id);
  if (!store || store.status !== 'ON') throw notFound('Store not found');
  await deps.identity.removeStoreAccount(id);
  const off: StoreDoc = { ...store, status: 'OFF' };
  const { snapshot, event } = await deps.membership.eventForStore(off);
  await deps.stores.update(id, { status: 'OFF' }, [event, storeUpdatedEvent(deps.ctx.bus, off)]);
  await deps.ctx.memberships.apply(snapshot);
  return { success: true };
}
