import type { EventData } from '@turnbook/contracts';
import type { StaffNameRepository } from './repository';

/** A staff member's shown name: first name, else nickname (archived staff keep theirs for old customers). */
export async function applyStaffUpdate(deps: { staffNames: StaffNameRepository }, s: EventData<'staff.updated'>): Promise<void> {
  const name = s.fname.trim() || s.nickname.trim();
  await deps.staffNames.save({ storeId: s.storeId, staffId: s.staffId, name, archived: s.archived });
}
