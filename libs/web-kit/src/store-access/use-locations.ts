import { useQuery } from '@tanstack/react-query';
// By package name, not by path: a module bundles this file, and the session must stay the shell's one copy.
import { api, isStoreLogin, useSession } from '@turnbook/web-kit';

export const locationKeys = { of: (userId: string | null) => ['franchise-locations', userId] as const };

/**
 * The stores the signed-in user owns or manages as a franchise manager (docs/product/roles.md): the location
 * switcher's list, the consolidated report's choices, and whether the chosen store is a managed one.
 */
export function useLocations() {
  const userId = useSession((s) => s.user_id);
  const desk = useSession(isStoreLogin);
  return useQuery({
    queryKey: locationKeys.of(userId),
    enabled: Boolean(userId) && !desk,
    staleTime: 60_000,
    // Screens below a guard that waits for it mount their own observer: an errored list must not refetch (and
    // show the guard's loading again) on each mount, or guard and screen take turns for ever.
    retryOnMount: false,
    queryFn: async () => (await api.get('GET getFranchiseLocations/{userId}', { userId: userId! })).stores,
  });
}
