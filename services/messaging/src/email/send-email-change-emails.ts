import type { EventData } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import { emailChangeEmail, emailChangeNotice, safeName } from './templates';

/** The confirmation link of an email change, to the new address. */
export async function sendEmailChangeEmail(
  deps: SendEmailDeps,
  input: { eventId: string; data: EventData<'user.email_change_requested'> },
): Promise<'sent' | 'already-sent' | 'gone'> {
  const { userId, email, fname, mailId } = input.data;
  const confirmUrl = await deps.mailLink(mailId);
  if (!confirmUrl) return 'gone';
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'email_change',
    userId,
    to: { name: safeName(fname), address: email },
    content: emailChangeEmail({ fname, confirmUrl }),
  });
}

/** Tells the old address that its account's email is being (or was) changed. */
export async function sendEmailChangeNotice(
  deps: SendEmailDeps,
  input: { eventId: string; data: EventData<'user.email_change_notice'> },
): Promise<'sent' | 'already-sent'> {
  const { userId, oldEmail, newEmail, fname, step } = input.data;
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'email_change_notice',
    userId,
    to: { name: safeName(fname), address: oldEmail },
    content: emailChangeNotice({ fname, newEmail, step }),
  });
}
