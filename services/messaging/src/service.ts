import { AppError, internalApi, type ServiceDefinition } from '@turnbook/service-kit';
import { emailConsumers } from './email/consumers';
import type { OnlineRequestEmailDeps } from './email/send-online-request-email';
import { smtpMailer, type Mailer } from './email/mailer';
import { SentEmailsRepository } from './email/repository';
import { recordingProvider, twilioProvider, type SmsProvider } from './sms/provider';
import { SentTextsRepository } from './sms/repository';
import { devTextsRoutes, smsInternalRoutes } from './sms/routes';
import { textConsumers, textParts, type TextOptions } from './texts/wiring';
import { messagingEnv } from './config';

/**
 * Messaging: email (driven by identity's and scheduling's events) and texts through the SMS provider
 * (identity's phone codes by internal call; the Text Center, bulk reminders, the inbox and the Twilio
 * webhook in src/texts/wiring.ts). Everything is wired here: repositories, the mailer, the SMS provider,
 * the consumers.
 */
export function createMessagingService(
  opts: {
    mailer?: Mailer;
    sms?: SmsProvider;
    mailLink?: (mailId: string) => Promise<string | null>;
    requestNotice?: OnlineRequestEmailDeps['requestNotice'];
    account?: OnlineRequestEmailDeps['account'];
    texts?: TextOptions;
  } = {},
): ServiceDefinition<typeof messagingEnv> {
  return {
    name: 'messaging',
    env: messagingEnv,
    async build({ config, db, log, bus }) {
      const emails = new SentEmailsRepository(db);
      const texts = new SentTextsRepository(db);
      await Promise.all([emails.init(), texts.init()]);
      const mailer = opts.mailer ?? smtpMailer(config.SMTP_URL, config.MAIL_FROM);
      const twilio = [config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_FROM];
      // The auth token alone checks webhook signatures (a local stack signs its simulated replies with it).
      if ((config.TWILIO_ACCOUNT_SID || config.TWILIO_FROM) && !twilio.every(Boolean)) {
        throw new Error('Invalid configuration for messaging:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three or none');
      }
      if (!twilio.every(Boolean) && config.NODE_ENV === 'production') log.warn('Twilio is not configured: texts are recorded, not sent');
      const sms =
        opts.sms ??
        (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
          ? twilioProvider(config.TWILIO_ACCOUNT_SID, config.TWILIO_AUTH_TOKEN, config.TWILIO_FROM, config.TWILIO_WEBHOOK_URL)
          : recordingProvider(texts));
      const identity = internalApi(config.IDENTITY_URL, config.INTERNAL_TOKEN);
      const mailLink =
        opts.mailLink ??
        (async (mailId: string) => {
          try {
            return (await identity('GET internal/mails/{mailId}', { params: { mailId } })).url;
          } catch (err) {
            // Gone (expired or revoked): nothing to send. Anything else: the event comes again.
            if (err instanceof AppError && err.code === 'notFound') return null;
            throw err;
          }
        });
      const scheduling = internalApi(config.SCHEDULING_URL, config.INTERNAL_TOKEN);
      const requestNotice =
        opts.requestNotice ??
        (async (id: number) => (await scheduling('GET internal/online-requests/{id}/notice', { params: { id } })).notice);
      const account =
        opts.account ??
        (async (userId: number) => {
          const res = await identity('POST internal/users/by-ids', { body: { ids: [userId] } });
          return res.users.find((u) => u.id === userId) ?? null;
        });
      const texting = await textParts({ db, bus, log, sms, defaultSender: config.TWILIO_FROM ?? '', webhook: { authToken: config.TWILIO_AUTH_TOKEN, publicUrl: config.TWILIO_WEBHOOK_URL }, ...opts.texts });
      return {
        handlers: { ...texting.handlers, ...smsInternalRoutes({ sms, texts, log }) },
        consumers: { ...emailConsumers({ emails, mailer, log, mailLink, requestNotice, account, settings: texting.settings, publicUrl: config.PUBLIC_URL }), ...textConsumers(texting) },
        // Recorded texts are only for local eyes.
        ...(sms.name === 'recording' && config.NODE_ENV !== 'production' ? { extra: devTextsRoutes(texts) } : {}),
        onStop: async () => {
          texting.stop();
          await mailer.close();
        },
      };
    },
  };
}

export const messagingService = createMessagingService();
