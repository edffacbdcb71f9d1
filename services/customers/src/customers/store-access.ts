import { allows, isMember, type StoreRule } from '@turnbook/domain';
import { badRequest, forbidden, notFound, type Caller, type Memberships } from '@turnbook/service-kit';

/** What the customers service asks of its memberships read model (fed by scheduling's events). */
export class StoreAccess {
  constructor(private readonly memberships: Memberships) {}

  /**
   * How a POST customer is treated: 'staff' for callers who may add customers to the store (not
   * limited), 'public' for everyone outside it (no token, customers, other stores' staff: the booking
   * page). Limited staff of the store are refused; an unknown store is 404 for everyone.
   */
  async createPath(caller: Caller | undefined, storeId: number): Promise<'staff' | 'public'> {
    if (!caller) {
      if (!(await this.storeExists(storeId))) throw notFound('Store not found');
      return 'public';
    }
    const access = await this.memberships.accessFor(caller, storeId);
    if (!access) throw notFound('Store not found');
    if (allows('storeNotLimited' satisfies StoreRule, access)) return 'staff';
    if (isMember(access)) throw forbidden();
    return 'public';
  }

  async storeExists(storeId: number): Promise<boolean> {
    const store = await this.memberships.model.findById(storeId, { _id: 1, status: 1 }).lean();
    return !!store && store.status !== 'OFF';
  }

  /** A favourite staff member must be current staff of the store. */
  async checkFavStaff(storeId: number, staffId: number | null | undefined): Promise<void> {
    if (!staffId) return;
    const store = await this.memberships.model.findById(storeId, { members: 1 }).lean();
    const ok = store?.members.some((m) => m.staffId === staffId && !m.archived);
    if (!ok) throw badRequest('fav_staffId', 'fav_staffId: is not staff of this store');
  }
}
