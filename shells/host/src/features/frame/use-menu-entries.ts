import { useQuery } from '@tanstack/react-query';
import { menuEntries, type MenuEntry } from '@turnbook/domain/roles/roles';
import { api, isStoreOwner, reloadSessionFromStorage, tokenKind, useSession } from '@turnbook/web-kit';
import { useLocations } from '@turnbook/web-kit/store-access';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';

export const MENU_POLL_MS = 2000;

/**
 * The staff role of the user in the chosen store, from GET getStaffsByUserId/{userId}/{storeId}
 * ({employees:[{role}]}). Any failure means "no staff role" (the call may not be deployed yet).
 */
function useStaffRole(userId: string | null, storeId: string | null, enabled: boolean): string | null {
  const { data } = useQuery({
    queryKey: ['staff-role', userId, storeId],
    enabled: enabled && Boolean(userId && storeId),
    retry: false,
    queryFn: async () => {
      try {
        const res = await api.get('GET getStaffsByUserId/{userId}/{storeId}', { userId: userId!, storeId: storeId! });
        return res?.employees?.[0]?.role ?? null;
      } catch {
        return null;
      }
    },
  });
  return data ?? null;
}

/** The menu of the logged-in frame, by role and store-login mode (docs/product/roles.md via @turnbook/domain). */
export function useMenuEntries(): MenuEntry[] {
  const s = useSession(
    useShallow((x) => ({ role: x.role, user_id: x.user_id, store_id: x.store_id, store_owner_id: x.store_owner_id, store_log_in: x.store_log_in, access_token: x.access_token })),
  );
  const storeLogIn = s.store_log_in === 'ON';
  const isOwner = isStoreOwner(s);

  // The spec polls storage every 2 s until a store or a user is stored (pages elsewhere may write them).
  const waiting = !s.store_id && !s.user_id;
  useEffect(() => {
    if (!waiting) return undefined;
    const t = setInterval(reloadSessionFromStorage, MENU_POLL_MS);
    return () => clearInterval(t);
  }, [waiting]);

  const staffRole = useStaffRole(s.user_id, s.store_id, !storeLogIn && !isOwner);
  // Owned and managed locations: a manager has an admin's entries in a granted store; two or more, the franchise report.
  const locations = useLocations().data ?? [];
  const isManager = !isOwner && locations.some((l) => String(l.id) === s.store_id && String(l.ownerId) !== s.user_id);
  return menuEntries({ role: s.role, isOwner, staffRole, storeLogIn, hasStore: Boolean(s.store_id), kiosk: tokenKind(s.access_token) === 'kiosk', isManager, franchise: !storeLogIn && locations.length > 1 });
}
