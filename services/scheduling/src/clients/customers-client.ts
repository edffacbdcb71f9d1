import type { CustomersByIdsResponse, VisitorCustomerBody, WalkInCustomerBody } from '@turnbook/contracts';
import { internalApi } from '@turnbook/service-kit';

export type CustomerFacts = CustomersByIdsResponse['customers'][number];

export interface CustomersClient {
  /** One customer's store and phone, or null when there is no such customer. */
  byId(id: number): Promise<CustomerFacts | null>;
  /** A walk-in's customer id: the store's customer with that phone and name, or a new one (the same again on a retry). */
  walkIn(person: WalkInCustomerBody): Promise<number>;
  /** The booking page's customer id: the store's customer with the account's phone, or a new one tied to the account. */
  visitor(person: VisitorCustomerBody): Promise<number>;
}

/** customers' internal calls that scheduling makes (service token; never through the gateway). */
export function customersClient(baseUrl: string, token: string): CustomersClient {
  const call = internalApi(baseUrl, token);
  return {
    async byId(id) {
      const res = await call('POST internal/customers/by-ids', { body: { ids: [id] } });
      return res.customers.find((c) => c.id === id) ?? null;
    },
    async walkIn(person) {
      return (await call('POST internal/customers/walk-in', { body: person })).customer.id;
    },
    async visitor(person) {
      return (await call('POST internal/customers/visitor', { body: person })).customer.id;
    },
  };
}
