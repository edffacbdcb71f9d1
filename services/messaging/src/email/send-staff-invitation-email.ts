import type { EventData } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import { staffInvitationEmail } from './templates';

/** The invitation an owner's POST staff (Yes path) asks for, once per invitation event. */
export async function sendStaffInvitationEmail(
  deps: SendEmailDeps,
  input: { eventId: string; data: EventData<'staff.invited'> },
): Promise<'sent' | 'already-sent'> {
  const { email, storeName, acceptUrl } = input.data;
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'staff_invitation',
    userId: null,
    to: { name: '', address: email.trim().toLowerCase() },
    content: staffInvitationEmail({ storeName, acceptUrl }),
  });
}
