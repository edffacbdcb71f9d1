import type { Logger } from '@turnbook/service-kit';
import type { Mailer } from './mailer';
import type { EmailKind, SentEmailsRepository } from './repository';
import type { EmailContent } from './templates';

/** Another delivery of the same event is sending right now; this one is retried later. */
export class EmailInProgressError extends Error {
  constructor(readonly eventId: string) {
    super(`email for event ${eventId} is being sent by another delivery`);
    this.name = 'EmailInProgressError';
  }
}

/** The SMTP server refused or could not be reached; the event is redelivered and the email retried. */
export class EmailSendFailedError extends Error {
  constructor(readonly eventId: string, cause: unknown) {
    super(`sending the email for event ${eventId} failed: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'EmailSendFailedError';
  }
}

export interface SendEmailDeps {
  emails: SentEmailsRepository;
  mailer: Mailer;
  log: Logger;
  /**
   * The one-time link of a mail identity asked for, by the event's mailId (identity's internal call): links
   * never travel in events. Null when identity no longer has it (expired, or revoked by a password change).
   */
  mailLink: (mailId: string) => Promise<string | null>;
}

export interface EmailRequest {
  eventId: string;
  kind: EmailKind;
  userId: number | null;
  to: { name: string; address: string };
  content: EmailContent;
}

/**
 * Sends the email an event asks for, at most once per event: claim the event, send, record it as sent.
 * A failed send gives the claim back and throws, so the event's redelivery tries again.
 */
export async function sendEmailOnce(deps: Omit<SendEmailDeps, 'mailLink'>, req: EmailRequest): Promise<'sent' | 'already-sent'> {
  const claim = await deps.emails.claim({
    eventId: req.eventId,
    kind: req.kind,
    userId: req.userId,
    to: req.to.address,
    subject: req.content.subject,
  });
  if (claim.outcome === 'sent') return 'already-sent';
  if (claim.outcome === 'busy') throw new EmailInProgressError(req.eventId);

  let messageId: string | undefined;
  try {
    ({ messageId } = await deps.mailer.send({ to: req.to, ...req.content }));
  } catch (err) {
    await deps.emails.release(req.eventId, claim.token).catch(() => undefined);
    throw new EmailSendFailedError(req.eventId, err);
  }
  await deps.emails.markSent(req.eventId, claim.token, messageId);
  deps.log.info({ eventId: req.eventId, kind: req.kind, userId: req.userId }, 'email sent');
  return 'sent';
}
