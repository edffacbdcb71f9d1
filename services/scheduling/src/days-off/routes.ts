import type { Handlers } from '@turnbook/service-kit';
import { daysOffOf, type ListDaysOffDeps } from './list-days-off';

/**
 * Days off are added, moved and deleted through the appointment calls (../appointments/routes.ts), which
 * hand day-off records to this feature's use cases; who may is the route table's (policies dayOffByManager,
 * ownDaysOffOrManager).
 */
export function dayOffRoutes(deps: ListDaysOffDeps): Handlers {
  return {
    'GET getPTOByEmployeeId/{id}': ({ record }) => daysOffOf(deps, record),
  };
}
