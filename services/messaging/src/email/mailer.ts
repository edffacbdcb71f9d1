import { createTransport } from 'nodemailer';
import type { EmailContent } from './templates';

export interface OutgoingEmail extends EmailContent {
  to: { name: string; address: string };
}

/** What the use case needs from an email transport (a fake in unit tests, SMTP otherwise). */
export interface Mailer {
  send(mail: OutgoingEmail): Promise<{ messageId?: string }>;
  close(): void;
}

/**
 * nodemailer on SMTP_URL. Plain smtp:// URLs (the local sink) skip STARTTLS; smtps:// uses TLS.
 * Timeouts are short so a stuck server fails the delivery (and it is retried) long before its claim
 * on the event goes stale.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const plain = smtpUrl.startsWith('smtp://');
  const transport = createTransport({
    url: smtpUrl,
    ignoreTLS: plain,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
