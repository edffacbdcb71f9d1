import type { EventBus } from '@turnbook/service-kit';
import type { LogDoc } from './model';

/** `log.created`: every open calendar's activities modal reads the store's log again. */
export function logCreatedEvent(bus: EventBus, saved: LogDoc) {
  return bus.event('log.created', saved.storeId, { id: saved._id, storeId: saved.storeId, appointmentId: saved.appointmentId ?? 0 });
}
