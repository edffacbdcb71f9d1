import type { EventData } from '@turnbook/contracts';
import type { Deps } from '../shared/deps';
import { staffUpdatedEvent } from './events';
import type { EmployeeDoc } from './model';

/**
 * identity's `user.updated`: account staff show the user's own names, contact and picture, kept on the
 * staff record (our read model) so lists need no call to identity. Safe to repeat.
 */
export async function applyUserUpdated(deps: Deps, u: EventData<'user.updated'>): Promise<void> {
  for (const e of await deps.staff.ofUser(u.userId)) {
    const changes = {
      fname: u.fname,
      lname: u.lname,
      email: u.email,
      phone: u.phone,
      color: u.color || e.color,
      profile_image: u.profile_image,
      url: u.profile_image,
    };
    const next = { ...e, ...changes } as EmployeeDoc;
    await deps.staff.update(e._id, changes, [staffUpdatedEvent(deps.ctx.bus, next)]);
  }
}
