import type { ServiceDefinition } from '@turnbook/service-kit';
import { identityClient } from './clients/identity-client';
import { schedulingClient } from './clients/scheduling-client';
import { smtpMailer, type Mailer } from './email/mailer';
import { SentEmailsRepository } from './email/repository';
import { sendEmailChangeEmail, sendEmailChangeNotice } from './email/send-email-change-emails';
import { sendOnlineRequestEmail, type OnlineRequestEmailDeps } from './email/send-online-request-email';
import { sendPasswordResetEmail } from './email/send-password-reset-email';
import { sendStaffInvitationEmail } from './email/send-staff-invitation-email';
import { sendStoreRequestEmail } from './email/send-store-request-email';
import { sendVerificationEmail } from './email/send-verification-email';
import { InboxRepository } from './inbox/repository';
import { inboxRoutes } from './inbox/routes';
import { runDayBeforeReminders } from './reminders/day-before';
import { reminderRoutes } from './reminders/routes';
import { textUpNext } from './reminders/up-next';
import { confirmBooking, textOnApprove } from './texts/automatic';
import { recordingProvider, twilioProvider, type SmsProvider } from './texts/provider';
import { TextReadModels, type AppointmentView } from './texts/read-models';
import { MessagesRepository } from './texts/repository';
import { devTextsRoutes, internalTextRoutes, textRoutes } from './texts/routes';
import { deliverBatch, deliverQueued } from './texts/sender';
import { SentTextsRepository } from './texts/sent-texts';
import { SmsSettingsRepository } from './texts/settings';
import { webhookRoutes } from './webhooks/routes';
import { messagingEnv } from './config';

/** The records messaging's routes act on, as its loaders return them (the router holds them to the call's store). */
declare module '@turnbook/service-kit' {
  interface RecordTypes {
    appointment: AppointmentView;
  }
}

/** Timings tests shorten. */
export interface TextOptions {
  /** how often texts waiting after a failed attempt are looked at */
  retrySweepMs?: number;
  /** the wait after a first failed attempt (doubled after each next one) */
  firstRetryMs?: number;
  maxAttempts?: number;
  /** how often the day-before reminders are looked at */
  dayBeforeMs?: number;
}

/**
 * Messaging: email (driven by identity's and scheduling's events) and texts through the SMS provider
 * (identity's phone codes by internal call; the Text Center, bulk reminders, the inbox and the Twilio
 * webhook: docs/product/texts.md). The one place where its parts are wired: repositories, the mailer, the
 * SMS provider, the clients of identity and scheduling, routes, consumers and jobs.
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
      const identity = identityClient(config.IDENTITY_URL, config.INTERNAL_TOKEN);
      const scheduling = schedulingClient(config.SCHEDULING_URL, config.INTERNAL_TOKEN);
      const mailLink = opts.mailLink ?? identity.mailLink;
      const requestNotice = opts.requestNotice ?? scheduling.requestNotice;
      const account = opts.account ?? identity.account;

      // Texts to customers (docs/product/texts.md).
      const textOpts = opts.texts ?? {};
      const views = new TextReadModels(db);
      const messages = new MessagesRepository(db, bus);
      const settings = new SmsSettingsRepository(db);
      const inbox = new InboxRepository(db, bus);
      await Promise.all([views.init(), messages.init(), settings.init(), inbox.init()]);
      // The platform's number (TWILIO_FROM) for stores without their own.
      const senderOf = async (storeId: number) => (await settings.of(storeId)).senderNumber ?? (config.TWILIO_FROM ?? '');
      const webhook = { authToken: config.TWILIO_AUTH_TOKEN, publicUrl: config.TWILIO_WEBHOOK_URL };
      const deps = { views, messages, settings, inbox, log, senderOf, webhook };
      const sender = { sms, messages, settings, log, maxAttempts: textOpts.maxAttempts, firstRetryMs: textOpts.firstRetryMs };
      const auto = { views, messages };
      // Once per cluster, not per instance (docs/decisions.md "one job runner"): both are sweeps, safe to run again.
      const jobs = [
        await bus.every('text-retries', textOpts.retrySweepMs ?? 1000, () => messages.requeueDue(new Date())),
        await bus.every('day-before-reminders', textOpts.dayBeforeMs ?? 60_000, () => runDayBeforeReminders({ ...deps, log })),
      ];

      const mail = { emails, mailer, log, mailLink, requestNotice, account, settings, publicUrl: config.PUBLIC_URL };
      return {
        handlers: {
          ...textRoutes(deps),
          ...reminderRoutes(deps),
          ...inboxRoutes(deps),
          ...webhookRoutes(deps),
          ...internalTextRoutes({ sms, texts, log }),
        },
        loaders: { appointment: (id) => views.appointment(id) },
        consumers: {
          // The emails identity and scheduling ask for by event. They start from 'new' (libs/contracts
          // CONSUMERS): a new deployment never mails for events from before it existed. A throw (SMTP down)
          // naks the event so it comes again; a malformed payload never reaches here (the bus drops it).
          'messaging-email-verification': async (env) => void (await sendVerificationEmail(mail, { eventId: env.id, data: env.data })),
          // The 'Not Verified' link's new activation link: the same mail.
          'messaging-email-verification-resent': async (env) => void (await sendVerificationEmail(mail, { eventId: env.id, data: env.data })),
          'messaging-email-password-reset': async (env) =>
            void (await sendPasswordResetEmail(mail, { eventId: env.id, occurredAt: env.occurredAt, data: env.data })),
          'messaging-email-staff-invitation': async (env) => void (await sendStaffInvitationEmail(mail, { eventId: env.id, data: env.data })),
          'messaging-email-change': async (env) => void (await sendEmailChangeEmail(mail, { eventId: env.id, data: env.data })),
          'messaging-email-change-notice': async (env) => void (await sendEmailChangeNotice(mail, { eventId: env.id, data: env.data })),
          'messaging-email-online-request': async (env) => void (await sendOnlineRequestEmail(mail, { eventId: env.id, data: env.data })),
          'messaging-email-store-request': async (env) => void (await sendStoreRequestEmail(mail, { eventId: env.id, data: env.data })),
          // Texts: the sender, the read models, and the texts events cause.
          'messaging-sms-send': (env) => deliverQueued(sender, env.data.messageId),
          'messaging-sms-send-batch': (env) => deliverBatch(sender, env.data),
          'messaging-stores': (env) => views.applyStore(env),
          'messaging-appointment-created': async (env) => {
            await views.applyAppointment(env);
            await confirmBooking(auto, env);
          },
          'messaging-appointment-updated': (env) => views.applyAppointment(env),
          'messaging-appointment-deleted': (env) => views.applyAppointment(env),
          'messaging-customer-created': (env) => views.applyCustomer(env),
          'messaging-customer-updated': (env) => views.applyCustomer(env),
          'messaging-customer-deleted': (env) => views.applyCustomerDeleted(env),
          'messaging-online-request': (env) => textOnApprove(auto, env),
          'messaging-sheet-created': (env) => views.applySheetCreated(env),
          'messaging-sheet-updated': async (env) => {
            await views.applySheetUpdated(env);
            if (env.data.checked) await textUpNext({ views, messages, settings }, env.data.storeId, env.data.date);
          },
        },
        // Recorded texts are only for local eyes.
        ...(sms.name === 'recording' && config.NODE_ENV !== 'production' ? { extra: devTextsRoutes(texts) } : {}),
        onStop: async () => {
          jobs.forEach((job) => job.stop());
          await mailer.close();
        },
      };
    },
  };
}

export const messagingService = createMessagingService();
