import type { StoreAccess } from '@turnbook/domain';
import type { Caller } from '@turnbook/service-kit';
import type { StaffRepository } from '../staff/repository';
import { displayName } from '../staff/view';

/** Who made a change, as the turns' audit trail names them. */
export interface Actor {
  /** the user id; 0 for the front desk and the kiosk */
  id: number;
  name: string;
}

/**
 * The caller as the audit trail names them: a staff member by their name in the store, the owner as
 * 'owner', the platform's super admin as 'super admin', the store's front desk as 'store', its kiosk as
 * 'kiosk'.
 */
export async function actorOf(staff: Pick<StaffRepository, 'ofUserInStore'>, caller: Caller | undefined, access: StoreAccess | undefined, storeId: number): Promise<Actor> {
  if (!caller || caller.userId == null) return { id: 0, name: caller?.kind === 'kiosk' ? 'kiosk' : 'store' };
  const [member] = await staff.ofUserInStore(caller.userId, storeId);
  if (member) return { id: caller.userId, name: displayName(member) };
  return { id: caller.userId, name: access?.isOwner ? 'owner' : access?.isSuperAdmin ? 'super admin' : 'staff' };
}
