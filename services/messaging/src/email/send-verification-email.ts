import type { EventData } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import { safeName, verificationEmail } from './templates';

/** The activation email a new account asks for (once per registration event, or per resend asked for). */
export async function sendVerificationEmail(
  deps: SendEmailDeps,
  input: { eventId: string; data: EventData<'user.registered'> | EventData<'user.verification_resent'> },
): Promise<'sent' | 'already-sent' | 'gone'> {
  const { userId, email, fname, mailId } = input.data;
  const verifyUrl = await deps.mailLink(mailId);
  if (!verifyUrl) {
    deps.log.info({ eventId: input.eventId, userId }, 'activation link no longer exists; no email sent');
    return 'gone';
  }
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'verification',
    userId,
    to: { name: safeName(fname), address: email.trim().toLowerCase() },
    content: verificationEmail({ fname, verifyUrl }),
  });
}
