import type { PublicStoreView, StoreView } from '@turnbook/contracts/schemas/scheduling';
import { notFound, type HandlerContext } from '@turnbook/service-kit';
import type { Deps } from '../shared/deps';
import { publicStoreView, storeView } from './view';

/** 'Your Business(es)': live stores the user owns. */
export async function storesOwnedBy(deps: Deps, userId: number): Promise<{ stores: StoreView[] }> {
  return { stores: (await deps.stores.ownedBy(userId)).map(storeView) };
}

/**
 * 'Your Workplaces': live stores where the user is (non-archived) staff. Stores they own are left out
 * (they are listed under 'Your Business(es)' already, even when the owner added themself as staff).
 */
export async function storesWorkedAt(deps: Deps, userId: number): Promise<{ stores: StoreView[] }> {
  const jobs = (await deps.staff.ofUser(userId)).filter((e) => !e.archived);
  const stores = await deps.stores.activeByIds([...new Set(jobs.map((e) => e.storeId))]);
  return { stores: stores.filter((s) => s.ownerId !== userId).map(storeView) };
}

/** A member's view of a store by permalink, as the spec's "store array". */
export async function storeByPermalink(deps: Deps, ctx: HandlerContext, permalink: string): Promise<{ stores: StoreView[] }> {
  const store = await deps.stores.byPermalink(permalink);
  if (!store || store.status !== 'ON') throw notFound('Store not found');
  await ctx.authorizeStore(store._id);
  return { stores: [storeView(store)] };
}

export async function publicStoreByPermalink(deps: Deps, permalink: string): Promise<{ stores: PublicStoreView[] }> {
  const store = await deps.stores.byPermalink(permalink);
  if (!store || store.status !== 'ON') throw notFound('Store not found');
  return { stores: [publicStoreView(store)] };
}

/** Super admin: every store, removed ones included (status OFF). */
export async function allStores(deps: Deps): Promise<{ stores: StoreView[] }> {
  return { stores: (await deps.stores.all()).map(storeView) };
}
