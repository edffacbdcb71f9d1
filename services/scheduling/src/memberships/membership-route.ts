import express, { type Router } from 'express';
import { z } from 'zod';
import { INTERNAL_ROUTES, type StoreMembershipResponse } from '@turnbook/contracts';
import { parse, type Memberships } from '@turnbook/service-kit';

/**
 * INTERNAL_ROUTES.storeMembership: a store's membership for a service that has not applied its event yet.
 * It is our own read model's snapshot, the one last published, with that event's version: a snapshot built
 * now could carry a newer version than a write still in flight, and then hide that write's event for good.
 */
export function storeMembershipRoute(memberships: Pick<Memberships, 'snapshot'>): Router {
  const r = express.Router();
  // Mounted under /internal behind the service token guard (the gateway never exposes it).
  r.get(INTERNAL_ROUTES.storeMembership.path.replace(/^\/internal/, ''), async (req, res) => {
    const { storeId } = parse(z.object({ storeId: z.coerce.number().int().nonnegative() }), req.params, 'params');
    const body: StoreMembershipResponse = { membership: await memberships.snapshot(storeId) };
    res.json(body);
  });
  return r;
}
