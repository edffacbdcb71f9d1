import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';

/** `billing.card_policy_changed`: which bookings hold a card, and the no-show fee (scheduling keeps a copy). */
export function cardPolicyChangedEvent(bus: EventBus, data: EventData<'billing.card_policy_changed'>) {
  return bus.event('billing.card_policy_changed', data.storeId, data);
}
