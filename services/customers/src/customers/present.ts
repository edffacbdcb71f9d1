import type { customers as api } from '@turnbook/contracts';
import type { StaffNames } from '../staff-names/staff-names';
import { toCustomer } from './customer-view';
import type { CustomerDoc } from './repository';

/** Answer shapes, with the favourite staff's name (`userFname`) where we know it. */
export class Present {
  constructor(private readonly staffNames: StaffNames) {}

  async one(c: CustomerDoc): Promise<api.Customer> {
    return toCustomer(c, await this.staffNames.nameOf(c.storeId, c.fav_staffId));
  }

  async many(storeId: number, list: CustomerDoc[]): Promise<api.Customer[]> {
    if (!list.length) return [];
    const names = list.some((c) => c.fav_staffId) ? await this.staffNames.namesIn(storeId) : new Map<number, string>();
    return list.map((c) => toCustomer(c, c.fav_staffId ? names.get(c.fav_staffId) : undefined));
  }
}
