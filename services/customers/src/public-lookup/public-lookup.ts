import type { CustomerDoc, CustomerRepository } from '../customers/repository';
import type { StoreAccess } from '../customers/store-access';
import type { CustomerIndex } from '../search/customer-index';

/**
 * The booking page's lookup by phone: only the id and the favourite-staff choice, nothing else about
 * the customer. Several customers may share a phone (family members); all are listed, oldest first.
 */
export class PublicLookup {
  constructor(
    private readonly repo: CustomerRepository,
    private readonly index: CustomerIndex,
    private readonly stores: StoreAccess,
  ) {}

  async byPhone(storeId: number, phone: string) {
    // Unknown stores answer an empty list without touching the index (nobody can fill it with junk stores).
    if (!(await this.stores.storeExists(storeId))) return [];
    let found: CustomerDoc[];
    if (this.index.usable()) {
      found = [...(await this.index.customersOf(storeId))].filter((c) => c.phone === phone).sort((a, b) => a._id - b._id);
    } else {
      found = await this.repo.findByPhone(storeId, phone);
    }
    return found.map((c) => ({ id: c._id, fav_staffId: c.fav_staffId || null, book_with_fav_staff: c.book_with_fav_staff === 1 ? (1 as const) : (0 as const) }));
  }
}
