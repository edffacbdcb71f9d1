import type { Handlers } from '@turnbook/service-kit';
import type { StaffRepository } from '../staff/repository';
import { actorOf } from '../turns/actor';
import { patchSheet, type CheckInDeps } from './check-in';
import { sheetById, sheetsOfDay, sheetsOfPhone, type ReadSheetsDeps } from './read-sheets';
import { signIn, type SignInDeps } from './sign-in';

export type SheetRoutesDeps = SignInDeps & CheckInDeps & ReadSheetsDeps & { staff: Pick<StaffRepository, 'ofUserInStore'> };

/** The sign-in sheets: the kiosk's sign-in, the front desk's list, check-in and Update. */
export function sheetRoutes(deps: SheetRoutesDeps): Handlers {
  return {
    'POST sheet': ({ body }) => signIn(deps, body),
    'GET sheet/{id}': async ({ record }) => sheetById(record),
    'PATCH sheet/{id}': async ({ record, body, caller, access }) => patchSheet(deps, record, body, await actorOf(deps.staff, caller, access, record.storeId)),
    'GET getSheetsByStoreId/{storeId}/{date}': ({ params }) => sheetsOfDay(deps, params.storeId, params.date),
    'GET getSheetByPhoneNumber/{storeId}/{phone}': ({ params }) => sheetsOfPhone(deps, params.storeId, params.phone),
  };
}
