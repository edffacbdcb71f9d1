import { customers as api } from '@turnbook/contracts';
import type { CustomerRepository, CustomerDoc } from '../customers/repository';
import type { CustomerIndex } from './customer-index';
import { isEmptyQuery, keyQuery, nameAndPhoneQuery, pickMatches, toFilter, type SearchQuery } from './matcher';

/** How many rows the database fallback reads before ranking (it cannot rank by itself). */
const DB_CANDIDATES = 500;

/**
 * Customer search, always scoped to one store. Answers from the in-process index when it is usable,
 * otherwise from the database with escaped regexes; both rank the same way.
 */
export class SearchCustomers {
  constructor(
    private readonly repo: CustomerRepository,
    private readonly index: CustomerIndex,
  ) {}

  byKey(storeId: number, key: string): Promise<CustomerDoc[]> {
    return this.run(storeId, keyQuery(key));
  }

  /** Any subset of the three parts; all empty gives an empty list (the screen clears its results). */
  byNameAndPhone(storeId: number, parts: { fname: string; lname: string; phone: string }): Promise<CustomerDoc[]> {
    return this.run(storeId, nameAndPhoneQuery(parts));
  }

  async byId(storeId: number, id: number): Promise<CustomerDoc[]> {
    if (this.index.usable()) {
      for (const c of await this.index.customersOf(storeId)) if (c._id === id) return [c];
      return [];
    }
    const c = await this.repo.findInStore(storeId, id);
    return c ? [c] : [];
  }

  /** Every customer of the store, by id. */
  async all(storeId: number): Promise<CustomerDoc[]> {
    if (!this.index.usable()) return this.repo.listByStore(storeId);
    return [...(await this.index.customersOf(storeId))].sort((a, b) => a._id - b._id);
  }

  private async run(storeId: number, q: SearchQuery): Promise<CustomerDoc[]> {
    if (isEmptyQuery(q)) return [];
    const candidates = this.index.usable()
      ? await this.index.customersOf(storeId)
      : await this.repo.findMatching(storeId, toFilter(q), DB_CANDIDATES);
    return pickMatches(candidates, q, api.SEARCH_LIMIT);
  }
}
