import type { Handlers } from '@turnbook/service-kit';
import type { StaffRepository } from '../staff/repository';
import { actorOf } from '../turns/actor';
import { checkInSheet } from './check-in';
import { isCheckIn, type SheetChangeDeps } from './save-sheet';
import { updateSheet } from './update-sheet';
import { sheetById, sheetsOfDay, sheetsOfPhone, type ReadSheetsDeps } from './read-sheets';
import { signIn } from './sign-in';
import { signInWalkIn, type SignInWalkInDeps } from './sign-in-walk-in';

export type SheetRoutesDeps = SignInWalkInDeps & SheetChangeDeps & ReadSheetsDeps & { staff: Pick<StaffRepository, 'ofUserInStore'> };

/** The sign-in sheets: the kiosk's sign-in, the front desk's list, check-in and Update. */
export function sheetRoutes(deps: SheetRoutesDeps): Handlers {
  return {
    'POST sheet': ({ body }) => signIn(deps, body),
    'POST sheets/sign-in': ({ body, access }) =>
      signInWalkIn(deps, body, { signInDevice: access?.isKiosk === true || access?.isStoreLogin === true, kiosk: access?.isKiosk === true }),
    'GET sheet/{id}': async ({ record }) => sheetById(record),
    'PATCH sheet/{id}': async ({ record, body, caller, access }) => {
      const actor = await actorOf(deps.staff, caller, access, record.storeId);
      return isCheckIn(record, body) ? checkInSheet(deps, record, body, actor) : updateSheet(deps, record, body, actor);
    },
    'GET getSheetsByStoreId/{storeId}/{date}': ({ params }) => sheetsOfDay(deps, params.storeId, params.date),
    'GET getSheetByPhoneNumber/{storeId}/{phone}': ({ params }) => sheetsOfPhone(deps, params.storeId, params.phone),
  };
}
