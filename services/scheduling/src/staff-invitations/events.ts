import type { EventBus } from '@turnbook/service-kit';

/** `staff.invited`: messaging mails the person the link that accepts the invitation. */
export function staffInvitedEvent(bus: EventBus, invitationId: string, to: { storeId: number; storeName: string; email: string; publicUrl: string }) {
  return bus.event('staff.invited', to.storeId, {
    invitationId,
    storeId: to.storeId,
    storeName: to.storeName,
    email: to.email,
    acceptUrl: `${to.publicUrl}/staff-invitation/${invitationId}`,
  });
}
