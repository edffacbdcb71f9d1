import { allows, type StoreAccess } from './roles';

/**
 * Whether a caller sees a staff member's email and phone (docs/product/roles.md, "Colleagues' contact
 * details"): the owner, admins, superadmins and the super admin see everyone's; each person sees their own;
 * plain and limited staff and the shared front-desk account at the counter see only names.
 */
export function seesStaffContact(access: StoreAccess, isOwnRecord: boolean): boolean {
  return isOwnRecord || allows('storeManager', access);
}
