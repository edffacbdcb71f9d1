import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';

/** user.registered: messaging mails the activation link (by mailId). */
export function userRegisteredEvent(bus: EventBus, data: EventData<'user.registered'>) {
  return bus.event('user.registered', 'global', data);
}

/** user.verification_resent: messaging mails a new activation link (by mailId). */
export function verificationResentEvent(bus: EventBus, data: EventData<'user.verification_resent'>) {
  return bus.event('user.verification_resent', 'global', data);
}
