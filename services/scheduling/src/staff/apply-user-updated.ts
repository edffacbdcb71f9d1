import type { EventData, EventEnvelope } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import { staffUpdatedEvent } from './events';
import type { EmployeeDoc } from './model';
import type { StaffRepository } from './repository';
import { userVersionOf } from './user-version';

export interface ApplyUserUpdatedDeps {
  staff: Pick<StaffRepository, 'ofUser' | 'applyUserDetails'>;
  bus: EventBus;
}

/**
 * identity's `user.updated`: account staff show the user's own names, contact and picture, kept on the
 * staff record (our read model) so lists need no call to identity. Safe to repeat, and versioned: an
 * event older than what a record shows (a replay, a late delivery) changes nothing.
 */
export async function applyUserUpdated(deps: ApplyUserUpdatedDeps, env: EventEnvelope<EventData<'user.updated'>>): Promise<void> {
  const u = env.data;
  const version = userVersionOf(env.occurredAt, env.seq ?? 0);
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
    await deps.staff.applyUserDetails(e._id, version, changes, [staffUpdatedEvent(deps.bus, next)]);
  }
}
