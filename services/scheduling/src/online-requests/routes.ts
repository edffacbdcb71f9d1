import type { Handlers } from '@turnbook/service-kit';
import { bookOnlineRequest, type BookOnlineRequestDeps } from './book-online-request';

export function onlineRequestRoutes(deps: BookOnlineRequestDeps): Handlers {
  return {
    'POST public_bookAppointmentOnline': ({ body, caller, ip }) => bookOnlineRequest(deps, { body, caller, ip }),
  };
}
