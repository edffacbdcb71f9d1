import type { PublicEmployeeView } from '@turnbook/contracts/schemas/scheduling';
import { staffDisplayName } from '@turnbook/domain/text/names';
import { isRealStaff } from '@turnbook/domain/roles/real-staff';

export interface Favourite {
  fav_staffId: number | null;
  book_with_fav_staff: 0 | 1;
}

export const staffName = (e: Pick<PublicEmployeeView, 'nickname' | 'fname'>) => staffDisplayName(e);

/**
 * Who a customer may ask for online: staff with Online Booking ON, plus their favourite when the store
 * books them with their favourite; never the TBD placeholder or role none. In the store's own order.
 */
export function onlineStaff(employees: PublicEmployeeView[], favourite: Favourite | null): PublicEmployeeView[] {
  const fav = favourite?.book_with_fav_staff === 1 ? favourite.fav_staffId : null;
  return employees
    .filter((e) => isRealStaff(e) && (e.online_booking === 'ON' || e.id === fav))
    .sort((a, b) => a.sortIndex - b.sortIndex || a.id - b.id);
}
