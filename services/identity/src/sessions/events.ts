import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';

/** user.sessions_revoked: every service's instances refuse the tokens of this session or subject. */
export function sessionsRevokedEvent(bus: EventBus, revoked: EventData<'user.sessions_revoked'>) {
  return bus.event('user.sessions_revoked', 'global', revoked);
}
