import type { EventData } from '@turnbook/contracts';
import { sendEmailOnce, type SendEmailDeps } from './send-email-once';
import { displayName, passwordResetEmail } from './templates';

/** A reset link lives 1 hour (identity refuses it afterwards). */
export const RESET_LINK_TTL_MS = 60 * 60_000;

/**
 * The reset email a forgotten password asks for, once per request. A request older than its link (after
 * an outage) would only mail a dead link, so it is skipped.
 */
export async function sendPasswordResetEmail(
  deps: SendEmailDeps,
  input: { eventId: string; occurredAt: string; data: EventData<'user.password_reset_requested'>; now?: number },
): Promise<'sent' | 'already-sent' | 'expired'> {
  const { userId, email, fname, resetUrl } = input.data;
  if ((input.now ?? Date.now()) - Date.parse(input.occurredAt) > RESET_LINK_TTL_MS) {
    deps.log.info({ eventId: input.eventId, userId }, 'reset link already expired; no email sent');
    return 'expired';
  }
  return sendEmailOnce(deps, {
    eventId: input.eventId,
    kind: 'password_reset',
    userId,
    to: { name: displayName(fname), address: email.trim().toLowerCase() },
    content: passwordResetEmail({ fname, resetUrl }),
  });
}
