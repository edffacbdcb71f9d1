import type { scheduling } from '@turnbook/contracts';
import type { StoreRepository } from '../stores/repository';
import { memberView, storeView } from '../stores/view';

/**
 * getFranchiseLocations: the live stores the user owns or manages, the location switcher's and the
 * consolidated report's list. A managed store's sign-in username stays the owner's (memberView).
 */
export async function franchiseLocations(stores: Pick<StoreRepository, 'ownedOrManagedBy'>, userId: number): Promise<{ stores: scheduling.StoreView[] }> {
  return { stores: (await stores.ownedOrManagedBy(userId)).map((s) => memberView(storeView(s), s.ownerId === userId)) };
}
