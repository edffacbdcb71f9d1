import { MESSAGES } from '@turnbook/contracts';
import { AppError, type EventBus } from '@turnbook/service-kit';
import { staffInvitedEvent } from './events';
import type { InvitationsRepository } from './repository';

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
export const STAFF_ADD_WINDOW_MS = 60 * 60_000;

export interface InviteStaffDeps {
  invitations: Pick<InvitationsRepository, 'pendingFor' | 'create' | 'renew'>;
  bus: EventBus;
  publicUrl: string;
}

/**
 * Invites an email to a store's staff: `staff.invited` asks messaging to mail the link. A live invitation
 * of the same email is sent again rather than duplicated. Nothing about the person is read or answered.
 */
export async function inviteStaff(
  d: InviteStaffDeps,
  input: { storeId: number; storeName: string; email: string; pinHash: string | null; invitedBy: number | null },
) {
  const email = input.email.trim().toLowerCase();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const event = (id: string) => staffInvitedEvent(d.bus, id, { storeId: input.storeId, storeName: input.storeName, email, publicUrl: d.publicUrl });
  const live = await d.invitations.pendingFor(input.storeId, email);
  if (live) {
    await d.invitations.renew(live._id, { expiresAt, pinHash: input.pinHash ?? live.pinHash, invitedBy: input.invitedBy }, event(live._id));
    return { id: live._id, storeId: input.storeId, status: 'pending' as const };
  }
  const created = await d.invitations.create(
    { storeId: input.storeId, email, pinHash: input.pinHash, invitedBy: input.invitedBy, status: 'pending', createdAt: new Date(), expiresAt },
    event,
  );
  return { id: created._id, storeId: input.storeId, status: 'pending' as const };
}

/**
 * Adding staff is the owner's, and bounded: it mails strangers. At most `staffAddsPerHour` per owner and
 * per store (POST staff, both paths).
 */
export async function limitStaffAdds(
  d: { invitations: Pick<InvitationsRepository, 'countRequest'>; staffAddsPerHour: number },
  storeId: number,
  callerKey: string,
) {
  const counts = await d.invitations.countRequest([`caller:${callerKey}`, `store:${storeId}`], STAFF_ADD_WINDOW_MS);
  if (counts.some((n) => n > d.staffAddsPerHour)) throw new AppError('rateLimited', MESSAGES.tooManyStaffAdds);
}
