import { customers as api } from '@turnbook/contracts';
import type { CustomerDoc, CustomerRepository } from '../customers/repository';
import type { CustomerIndex } from './customer-index';
import { isEmptyQuery, keyQuery, nameAndPhoneQuery, pickMatches, toFilter, type SearchQuery } from './matcher';

/** How many rows the database path reads before ranking (it cannot rank by itself). */
const DB_CANDIDATES = 500;

/** The in-memory index, or none (CUSTOMER_SEARCH_INDEX=off: every search asks the database). */
export type SearchDeps = { index: CustomerIndex | undefined; customers: Pick<CustomerRepository, 'findMatching' | 'findInStore' | 'listByStore'> };

/** One page of a search's results, best first, and whether another page follows. */
export interface SearchPage {
  found: CustomerDoc[];
  more: boolean;
}

/** searchCustomer: every word of the key matches a name, the email or the phone; best first. */
export function searchByKey(deps: SearchDeps, storeId: number, key: string, page = 0): Promise<SearchPage> {
  return run(deps, storeId, keyQuery(key), page);
}

/** Any subset of the three parts; all empty gives an empty list (the screen clears its results). */
export function searchByNameAndPhone(deps: SearchDeps, storeId: number, parts: { fname: string; lname: string; phone: string }, page = 0): Promise<SearchPage> {
  return run(deps, storeId, nameAndPhoneQuery(parts), page);
}

/** That customer if it is in the store, else none. */
export async function searchById(deps: SearchDeps, storeId: number, id: number): Promise<CustomerDoc[]> {
  const c = deps.index ? (await deps.index.current(storeId)).get(id) : await deps.customers.findInStore(storeId, id);
  return c ? [c] : [];
}

/** Every customer of the store, by id. */
export async function listCustomers(deps: SearchDeps, storeId: number): Promise<CustomerDoc[]> {
  if (!deps.index) return deps.customers.listByStore(storeId);
  return [...(await deps.index.current(storeId)).values()].sort((a, b) => a._id - b._id);
}

/** The page's results: the best (page + 1) pages and one more, to tell whether another page follows. */
async function run(deps: SearchDeps, storeId: number, q: SearchQuery, page: number): Promise<SearchPage> {
  if (isEmptyQuery(q)) return { found: [], more: false };
  const upTo = (page + 1) * api.SEARCH_LIMIT + 1;
  const best = deps.index
    ? await deps.index.search(storeId, q, upTo)
    : pickMatches(await deps.customers.findMatching(storeId, toFilter(q), Math.max(DB_CANDIDATES, upTo)), q, upTo);
  return { found: best.slice(page * api.SEARCH_LIMIT, (page + 1) * api.SEARCH_LIMIT), more: best.length === upTo };
}
