import { MESSAGES, type scheduling } from '@turnbook/contracts';
import { allows, type StoreAccess } from '@turnbook/domain';
import { notFound } from '@turnbook/service-kit';
import type { StaffRepository } from '../staff/repository';
import type { StoreDoc } from './model';
import type { StoreRepository } from './repository';
import { memberView, publicStoreView, storeView } from './view';

/** Reads of stores: lists for the stores page and the admin, one store by permalink. */
export interface FindStoresDeps {
  stores: StoreRepository;
  staff: Pick<StaffRepository, 'ofUser'>;
}

/** 'Your Business(es)': live stores the user owns. */
export async function storesOwnedBy(deps: FindStoresDeps, userId: number): Promise<{ stores: scheduling.StoreView[] }> {
  return { stores: (await deps.stores.ownedBy(userId)).map(storeView) };
}

/**
 * 'Your Workplaces': live stores where the user is (non-archived) staff. Stores they own are left out
 * (they are listed under 'Your Business(es)' already, even when the owner added themself as staff).
 */
export async function storesWorkedAt(deps: FindStoresDeps, userId: number): Promise<{ stores: scheduling.StoreView[] }> {
  const jobs = (await deps.staff.ofUser(userId)).filter((e) => !e.archived);
  const stores = await deps.stores.activeByIds([...new Set(jobs.map((e) => e.storeId))]);
  return { stores: stores.filter((s) => s.ownerId !== userId).map((s) => memberView(storeView(s), false)) };
}

/** A member's view of the store the router loaded by permalink (old permalinks included), as the spec's "store array". */
export function memberStoreView(store: StoreDoc, access: StoreAccess): { stores: scheduling.StoreView[] } {
  return { stores: [memberView(storeView(store), allows('storeOwner', access))] };
}

/** The booking page's view of a live store; an old permalink answers the store with its current one. */
export async function publicStoreByPermalink(deps: FindStoresDeps, permalink: string): Promise<{ stores: scheduling.PublicStoreView[] }> {
  const store = await deps.stores.byPermalink(permalink);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  return { stores: [publicStoreView(store)] };
}

/** Super admin: every store, removed ones included (status OFF). */
export async function allStores(deps: FindStoresDeps): Promise<{ stores: scheduling.StoreView[] }> {
  return { stores: (await deps.stores.all()).map(storeView) };
}
