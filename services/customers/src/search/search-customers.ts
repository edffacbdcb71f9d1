import { customers as api } from '@turnbook/contracts';
import type { CustomerDoc, CustomerRepository } from '../customers/repository';
import type { CustomerIndex } from './customer-index';
import { isEmptyQuery, keyQuery, nameAndPhoneQuery, pickMatches, toFilter, type SearchQuery } from './matcher';

/** How many rows the database path reads before ranking (it cannot rank by itself). */
const DB_CANDIDATES = 500;

/** The in-memory index, or none (CUSTOMER_SEARCH_INDEX=off: every search asks the database). */
export type SearchDeps = { index: CustomerIndex | undefined; customers: Pick<CustomerRepository, 'findMatching' | 'findInStore' | 'listByStore'> };

/** searchCustomer: every word of the key matches a name, the email or the phone; best first. */
export function searchByKey(deps: SearchDeps, storeId: number, key: string): Promise<CustomerDoc[]> {
  return run(deps, storeId, keyQuery(key));
}

/** Any subset of the three parts; all empty gives an empty list (the screen clears its results). */
export function searchByNameAndPhone(deps: SearchDeps, storeId: number, parts: { fname: string; lname: string; phone: string }): Promise<CustomerDoc[]> {
  return run(deps, storeId, nameAndPhoneQuery(parts));
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

async function run(deps: SearchDeps, storeId: number, q: SearchQuery): Promise<CustomerDoc[]> {
  if (isEmptyQuery(q)) return [];
  if (deps.index) return deps.index.search(storeId, q, api.SEARCH_LIMIT);
  return pickMatches(await deps.customers.findMatching(storeId, toFilter(q), DB_CANDIDATES), q, api.SEARCH_LIMIT);
}
