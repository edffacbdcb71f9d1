// By package name, not by path: a module bundles this file, and the session must stay the shell's one copy.
import { api, useSession } from '@turnbook/web-kit';

/** What choosing a store needs of it. */
export interface ChosenStore {
  id: number;
  permalink: string;
  ownerId?: number | null;
}

/**
 * Makes a store the chosen one: the menu shows its entries and store-scoped screens (and the owner's
 * controls, which read the chosen store's owner) follow it. Used by /stores and by a calendar opened by
 * its link, so a bookmarked calendar shows its owner the owner's controls.
 */
export async function chooseStore(store: ChosenStore, userId: string | null): Promise<void> {
  const owner = store.ownerId !== undefined && store.ownerId !== null ? String(store.ownerId) : null;
  useSession.getState().setSession({
    store_id: String(store.id),
    store_permalink: store.permalink,
    store_owner_id: owner,
    owner_id: owner,
    staff_id: null,
  });
  if (!userId) return;
  try {
    const res = await api.get('GET getStaffsByUserId/{userId}/{storeId}', { userId, storeId: store.id });
    const staffId = res?.employees?.[0]?.id;
    if (staffId !== undefined && useSession.getState().store_id === String(store.id)) useSession.getState().setSession({ staff_id: String(staffId) });
  } catch {
    /* an owner who is not on the staff list has no staff id */
  }
}
