import { z } from 'zod';
import { AppError, internalClient, type ServiceDefinition } from '@turnbook/service-kit';
import { INTERNAL_ROUTES, type MailContentResponse } from '@turnbook/contracts';
import { emailConsumers } from './email/consumers';
import { smtpMailer, type Mailer } from './email/mailer';
import { SentEmailsRepository } from './email/repository';

const env = {
  SMTP_URL: z.string().url().refine((u) => /^smtps?:\/\//.test(u), 'must be an smtp:// or smtps:// URL').default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().min(3).default('Turnbook <no-reply@turnbook.local>'),
};

/**
 * Messaging: email now (driven by identity's events); the SMS routes of the route table answer 501
 * until they are built. Everything is wired here: repositories, the mailer, the consumers.
 */
export function createMessagingService(opts: { mailer?: Mailer; mailLink?: (mailId: string) => Promise<string | null> } = {}): ServiceDefinition<typeof env> {
  return {
    name: 'messaging',
    env,
    async build({ config, db, log }) {
      const emails = new SentEmailsRepository(db);
      await emails.init();
      const mailer = opts.mailer ?? smtpMailer(config.SMTP_URL, config.MAIL_FROM);
      const identity = internalClient(config.IDENTITY_URL, config.INTERNAL_TOKEN);
      const mailLink =
        opts.mailLink ??
        (async (mailId: string) => {
          try {
            const path = INTERNAL_ROUTES.mailContent.path.replace(':mailId', encodeURIComponent(mailId));
            return (await identity<MailContentResponse>('GET', path)).url;
          } catch (err) {
            // Gone (expired or revoked): nothing to send. Anything else: the event comes again.
            if (err instanceof AppError && err.code === 'notFound') return null;
            throw err;
          }
        });
      return {
        handlers: {},
        consumers: emailConsumers({ emails, mailer, log, mailLink }),
        onStop: async () => mailer.close(),
      };
    },
  };
}

export const messagingService = createMessagingService();
