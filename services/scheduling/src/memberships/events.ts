import type { EventBus } from '@turnbook/service-kit';
import type { MembershipSnapshot } from './membership-snapshot';

/** `store.membership_changed`: every other service's guards keep the store's owner, status and members from it. */
export function membershipChangedEvent(bus: EventBus, snapshot: MembershipSnapshot) {
  return bus.event('store.membership_changed', snapshot.storeId, snapshot);
}
