import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';

/** `billing.no_show_charged`: the provider's answer to a no-show fee (scheduling logs it on the appointment). */
export function noShowChargedEvent(bus: EventBus, data: EventData<'billing.no_show_charged'>) {
  return bus.event('billing.no_show_charged', data.storeId, data);
}
