import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';

/** `billing.package_changed`: a store's package as the calendar's notice and the subscription page show it. */
export function packageChangedEvent(bus: EventBus, data: EventData<'billing.package_changed'>) {
  return bus.event('billing.package_changed', data.storeId, data);
}
