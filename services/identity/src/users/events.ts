import type { EventData } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import type { UserDoc } from './repository';

/** user.updated: other services keep names, colours and pictures of users in their read models. */
export function userUpdatedEvent(bus: EventBus, u: Omit<UserDoc, 'passwordHash'>) {
  return bus.event('user.updated', 'global', {
    userId: u._id,
    fname: u.fname,
    lname: u.lname,
    email: u.email,
    phone: u.phone,
    color: u.color,
    profile_image: u.profile_image ?? null,
    role: u.role,
  });
}

/** user.email_change_requested: messaging mails the confirmation link (by mailId) to the new address. */
export function emailChangeRequestedEvent(bus: EventBus, data: EventData<'user.email_change_requested'>) {
  return bus.event('user.email_change_requested', 'global', data);
}

/** user.email_change_notice: the old address is told that a change was asked for, or made. */
export function emailChangeNoticeEvent(bus: EventBus, data: EventData<'user.email_change_notice'>) {
  return bus.event('user.email_change_notice', 'global', data);
}
