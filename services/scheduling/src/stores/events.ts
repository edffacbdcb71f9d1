import type { EventBus } from '@turnbook/service-kit';
import type { StoreDoc } from './model';
import { settingsOf, storeView } from './view';

/** `store.updated`: what other services keep of a store (name, phone for texts, zone, settings). */
export function storeUpdatedEvent(bus: EventBus, s: StoreDoc) {
  const v = storeView(s);
  return bus.event('store.updated', s._id, {
    storeId: v.id, ownerId: v.ownerId, name: v.name, email: v.email, phone: v.phone, permalink: v.permalink,
    status: v.status, timezone: v.timezone, hours: v.hours, settings: settingsOf(s.settings),
  });
}
