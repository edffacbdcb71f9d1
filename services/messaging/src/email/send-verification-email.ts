import type { EventData } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import { displayName, verificationEmail } from './templates';

/** The activation email a new account asks for (once per registration event). */
export async function sendVerificationEmail(
  deps: SendEmailDeps,
  input: { eventId: string; data: EventData<'user.registered'> },
): Promise<'sent' | 'already-sent'> {
  const { userId, email, fname, verifyUrl } = input.data;
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'verification',
    userId,
    to: { name: displayName(fname), address: email.trim().toLowerCase() },
    content: verificationEmail({ fname, verifyUrl }),
  });
}
