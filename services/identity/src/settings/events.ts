import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';

/** settings.version_updated: realtime relays it to the `version` channel and browsers reload. */
export function versionUpdatedEvent(bus: EventBus, data: EventData<'settings.version_updated'>) {
  return bus.event('settings.version_updated', 'global', data);
}

/** settings.store_updated: the store's other tablets hear that it acknowledged this version. */
export function storeSettingUpdatedEvent(bus: EventBus, storeId: number, app_version: string) {
  return bus.event('settings.store_updated', storeId, { storeId, app_version });
}
