import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';

/** user.password_reset_requested: messaging mails the reset link (by mailId). */
export function passwordResetRequestedEvent(bus: EventBus, data: EventData<'user.password_reset_requested'>) {
  return bus.event('user.password_reset_requested', 'global', data);
}
