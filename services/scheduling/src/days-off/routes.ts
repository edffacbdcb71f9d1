import type { Handlers } from '@turnbook/service-kit';
import { addDayOff, type AddDayOffDeps } from './add-day-off';
import { changeDayOff, deleteDayOff, type ChangeDayOffDeps } from './change-day-off';
import { daysOffOf, type ListDaysOffDeps } from './list-days-off';

export type DayOffRoutesDeps = AddDayOffDeps & ChangeDayOffDeps & ListDaysOffDeps;

/** Who may add, move, delete and read days off is the route table's (policies dayOffByManager, ownDaysOffOrManager). */
export function dayOffRoutes(deps: DayOffRoutesDeps): Handlers {
  return {
    'POST appointment': ({ caller, body }) => addDayOff(deps, caller?.userId ?? 0, body),
    'PATCH appointment/{id}': ({ record, caller, body }) => changeDayOff(deps, record, caller?.userId ?? 0, body),
    'DELETE appointment/{id}': ({ record }) => deleteDayOff(deps, record),
    'GET getPTOByEmployeeId/{id}': ({ record }) => daysOffOf(deps, record),
  };
}
