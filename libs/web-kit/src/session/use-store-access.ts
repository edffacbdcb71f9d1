import { useQuery } from '@tanstack/react-query';
import type { EmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { allows, type StoreRule } from '@turnbook/domain/roles/roles';
import { api } from '../api/api-client';
import { isStoreLogin, isStoreOwner, isSuperAdmin } from './session-selectors';
import { useSession } from './session-store';

type Employee = Pick<EmployeeView, 'role'>;

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
      const res = await api.get<{ employees: Employee[] }>('GET getStaffsByUserId/{userId}/{storeId}', { userId: userId!, storeId: storeId! });
      return res.employees[0]?.role ?? null;
    },
  });
  const access = {
    isOwner: isStoreOwner(session),
    isSuperAdmin: isSuperAdmin(session),
    isStoreLogin: isStoreLogin(session),
    staffRole: role.data ?? null,
  };
  return {
    storeId,
    userId,
    permalink: session.store_permalink || undefined,
    loading: role.isLoading,
    ...access,
    can: (rule: StoreRule) => allows(rule, access),
  };
}
