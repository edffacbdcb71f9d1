import type { Handlers } from '@turnbook/service-kit';
import { remindAppointments, type RemindDeps } from './remind';

export function reminderRoutes(deps: RemindDeps): Handlers {
  return {
    'POST sendSMSReminderBulk': async ({ body }) => remindAppointments(deps, body.storeId, body.events),
  };
}
