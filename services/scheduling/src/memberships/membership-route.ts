import type { Handlers, Memberships } from '@turnbook/service-kit';

/**
 * A store's membership for a service that has not applied its event yet. It is our own read model's
 * snapshot, the one last published, with that event's version: a snapshot built now could carry a newer
 * version than a write still in flight, and then hide that write's event for good.
 */
export function storeMembershipRoutes(memberships: Pick<Memberships, 'snapshot'>): Handlers {
  return { 'GET internal/stores/{storeId}/membership': async ({ params }) => ({ membership: await memberships.snapshot(params.storeId) }) };
}
