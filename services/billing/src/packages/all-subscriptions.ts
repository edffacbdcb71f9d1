import type { ResponseOf } from '@turnbook/contracts';
import { packageOfStore, type PackagesDeps } from './packages';

/** getAllSub (super admin): every open store with its package; a store that never subscribed reads null ('inactive'). */
export async function allSubscriptions(deps: PackagesDeps): Promise<ResponseOf<'GET getAllSub'>> {
  const stores = await deps.stores.open();
  const client_ids = [];
  for (const s of stores) {
    const p = await packageOfStore(deps, s._id);
    client_ids.push({
      id: s._id, storeName: p.storeName, product: p.product, expiration: p.expiration === 'inactive' ? null : p.expiration,
      current_period_start: p.current_period_start, current_period_end: p.current_period_end,
    });
  }
  return { client_ids };
}
