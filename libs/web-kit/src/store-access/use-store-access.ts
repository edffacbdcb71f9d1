import { useQuery } from '@tanstack/react-query';
import { allows, type StoreRule } from '@turnbook/domain/roles/roles';
// By package name, not by path: a module bundles this file, and the session must stay the shell's one copy.
import { api, isStoreLogin, isStoreOwner, isSuperAdmin, useSession } from '@turnbook/web-kit';
import { useLocations } from './use-locations';

/**
 * The signed-in user's relation to a store (the session's chosen store unless `forStoreId` is given): owner,
 * staff role, super admin, store login. Screens use `can(rule)` with the same rules the server enforces
 * (libs/domain roles).
 */
export function useStoreAccess(forStoreId?: number) {
  const session = useSession();
  const storeId = forStoreId ?? (session.store_id ? Number(session.store_id) : undefined);
  const userId = session.user_id ? Number(session.user_id) : undefined;
  const role = useQuery({
    queryKey: ['staff-role', userId, storeId],
    enabled: Boolean(storeId && userId),
    queryFn: async () => {
      const res = await api.get('GET getStaffsByUserId/{userId}/{storeId}', { userId: userId!, storeId: storeId! });
      return res.employees[0]?.role ?? null;
    },
  });
  // A store granted to a franchise manager is among their locations without being theirs.
  const locations = useLocations();
  const isManager = Boolean(locations.data?.some((s) => s.id === storeId && s.ownerId !== userId));
  const access = {
    isManager,
    isOwner: isStoreOwner(session),
    isSuperAdmin: isSuperAdmin(session),
    isStoreLogin: isStoreLogin(session),
    staffRole: role.data ?? null,
  };
  return {
    storeId,
    userId,
    permalink: session.store_permalink || undefined,
    loading: role.isLoading || locations.isLoading,
    ...access,
    can: (rule: StoreRule) => allows(rule, access),
  };
}
