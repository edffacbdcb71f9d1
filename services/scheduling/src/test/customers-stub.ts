import type { CustomerFacts, CustomersClient } from '../clients/customers-client';

/**
 * customers' lookup of a customer's store and phone as scheduling reads it, in memory: the customers
 * service tests its real internal route, and an in-process call cannot time out when a test floods the
 * service with requests.
 */
export function customersDouble() {
  const customers = new Map<number, CustomerFacts>();
  const client: CustomersClient = { byId: async (id) => customers.get(id) ?? null };
  return { client, add: (c: CustomerFacts) => void customers.set(c.id, c) };
}
export type CustomersDouble = ReturnType<typeof customersDouble>;
