import express, { type Router } from 'express';
import { CustomersByIdsBody, type CustomersByIdsResponse } from '@turnbook/contracts';
import { parse } from '@turnbook/service-kit';
import type { CustomerRepository } from '../customers/repository';

/**
 * Service-to-service lookups (INTERNAL_ROUTES; the kit mounts this under /internal behind the token guard):
 * customers by ids with their store and phone only, for scheduling to check that a guest's online request
 * is for a customer with the phone of the guest's account.
 */
export function internalLookupRoutes(deps: { customers: Pick<CustomerRepository, 'findById'> }): Router {
  const r = express.Router();
  r.post('/customers/by-ids', async (req, res) => {
    const { ids } = parse(CustomersByIdsBody, req.body, 'body');
    const found = await Promise.all([...new Set(ids)].map((id) => deps.customers.findById(id)));
    const answer: CustomersByIdsResponse = {
      customers: found.filter((c) => c !== null).map((c) => ({ id: c._id, storeId: c.storeId, phone: c.phone ?? null })),
    };
    res.json(answer);
  });
  return r;
}
