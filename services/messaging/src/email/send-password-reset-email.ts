import type { EventData } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import { passwordResetEmail, safeName } from './templates';

/** A reset link lives 1 hour (identity refuses it afterwards). */
export const RESET_LINK_TTL_MS = 60 * 60_000;

/**
 * The reset email a forgotten password asks for, once per request. A request older than its link (after
 * an outage) would only mail a dead link, so it is skipped; so is one whose link identity no longer has.
 */
export async function sendPasswordResetEmail(
  deps: SendEmailDeps,
  input: { eventId: string; occurredAt: string; data: EventData<'user.password_reset_requested'>; now?: number },
): Promise<'sent' | 'already-sent' | 'expired'> {
  const { userId, email, fname, mailId } = input.data;
  if ((input.now ?? Date.now()) - Date.parse(input.occurredAt) > RESET_LINK_TTL_MS) {
    deps.log.info({ eventId: input.eventId, userId }, 'reset link already expired; no email sent');
    return 'expired';
  }
  const resetUrl = await deps.mailLink(mailId);
  if (!resetUrl) {
    deps.log.info({ eventId: input.eventId, userId }, 'reset link no longer exists; no email sent');
    return 'expired';
  }
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'password_reset',
    userId,
    to: { name: safeName(fname), address: email.trim().toLowerCase() },
    content: passwordResetEmail({ fname, resetUrl }),
  });
}
