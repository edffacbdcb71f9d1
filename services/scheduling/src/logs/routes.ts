import type { Handlers } from '@turnbook/service-kit';
import { appointmentLogs, createLog, createPublicLog, markRead, storeLogs, type PublicLogDeps } from './store-logs';

/** The store's activity log; who may read what is the route table's (the activities modal: owner and superadmin). */
export function logRoutes(deps: PublicLogDeps): Handlers {
  const by = (caller: { userId?: number } | undefined) => caller?.userId ?? 0;
  return {
    'POST create-log': ({ caller, body }) => createLog(deps, by(caller), body),
    'POST public_createLog': ({ body, caller, ip }) => createPublicLog(deps, { body, caller, ip }),
    'GET getStoreLogs/{storeId}': ({ params, caller }) => storeLogs(deps, params.storeId, by(caller)),
    'GET getStoreLogsByAppointmentId/{id}': ({ record, caller, access }) =>
      appointmentLogs(deps, record, { storeId: record.storeId, access: access!, callerUserId: caller?.userId }, by(caller)),
    'POST markRead': ({ record, caller, access }) => markRead(deps, record, { storeId: record.storeId, access: access!, callerUserId: caller?.userId }, by(caller)),
  };
}
