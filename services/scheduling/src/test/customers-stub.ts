import type { CustomerFacts, CustomersClient } from '../clients/customers-client';

/**
 * customers' lookup of a customer's store and phone as scheduling reads it, in memory: the customers
 * service tests its real internal route, and an in-process call cannot time out when a test floods the
 * service with requests.
 */
export function customersDouble() {
  const customers = new Map<number, CustomerFacts>();
  /** walk-ins by store, phone and name, as customers finds or makes them */
  const walkIns = new Map<string, number>();
  /** the booking page's customers by store and phone, with the account each was made for */
  const visitors = new Map<string, { id: number; accountId: number }>();
  let nextId = 7_000_000;
  /** The store a customer id no test registered belongs to (the world's store: the ids its tests book with). */
  let homeStore: number | null = null;
  const client: CustomersClient = {
    byId: async (id) => customers.get(id) ?? (homeStore === null ? null : { id, storeId: homeStore, phone: '' }),
    walkIn: async ({ storeId, fname, lname, phone }) => {
      const key = `${storeId}:${phone}:${fname.toLowerCase()} ${(lname ?? '').toLowerCase()}`;
      let id = walkIns.get(key);
      if (id === undefined) {
        walkIns.set(key, (id = ++nextId));
        customers.set(id, { id, storeId, phone });
      }
      return id;
    },
    visitor: async ({ storeId, phone, accountId }) => {
      const found = [...customers.values()].find((c) => c.storeId === storeId && c.phone === phone);
      if (found) return found.id;
      const id = ++nextId;
      customers.set(id, { id, storeId, phone });
      visitors.set(`${storeId}:${phone}`, { id, accountId });
      return id;
    },
  };
  return { client, walkIns, visitors, add: (c: CustomerFacts) => void customers.set(c.id, c), homeStore: (storeId: number) => void (homeStore = storeId) };
}
export type CustomersDouble = ReturnType<typeof customersDouble>;
