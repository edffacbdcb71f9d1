import type { Connection } from 'mongoose';
import type { Consumers, EventBus, Handlers, Logger } from '@turnbook/service-kit';
import { InboxRepository } from '../inbox/repository';
import { runDayBeforeReminders } from '../reminders/day-before';
import { textUpNext } from '../reminders/up-next';
import type { SmsProvider } from '../sms/provider';
import { confirmBooking, textOnApprove } from './automatic';
import { textHandlers } from './handlers';
import { MessagesRepository } from './messages';
import { TextReadModels } from './read-models';
import { deliverBatch, deliverQueued } from './sender';
import { SmsSettingsRepository } from './settings';

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

interface TextInput extends TextOptions {
  db: Connection;
  bus: EventBus;
  log: Logger;
  sms: SmsProvider;
  /** the platform's number (TWILIO_FROM), for stores without their own */
  defaultSender: string;
  webhook: { authToken?: string; publicUrl?: string };
}

/** Texts to customers (docs/product/texts.md): repositories, routes, the jobs of retries and day-before reminders. */
export async function textParts(input: TextInput) {
  const { db, bus, log, sms } = input;
  const views = new TextReadModels(db);
  const messages = new MessagesRepository(db, bus);
  const settings = new SmsSettingsRepository(db);
  const inbox = new InboxRepository(db, bus);
  await Promise.all([views.init(), messages.init(), settings.init(), inbox.init()]);
  const senderOf = async (storeId: number) => (await settings.of(storeId)).senderNumber ?? input.defaultSender;
  const deps = { views, messages, settings, inbox, log, senderOf, webhook: input.webhook };
  const handlers: Handlers = textHandlers(deps);
  const sender = { sms, messages, settings, log, maxAttempts: input.maxAttempts, firstRetryMs: input.firstRetryMs };

  // Once per cluster, not per instance (docs/decisions.md "one job runner"): both are sweeps, safe to run again.
  const jobs = [
    await bus.every('text-retries', input.retrySweepMs ?? 1000, () => messages.requeueDue(new Date())),
    await bus.every('day-before-reminders', input.dayBeforeMs ?? 60_000, () => runDayBeforeReminders({ ...deps, log })),
  ];

  return {
    handlers,
    views,
    messages,
    settings,
    inbox,
    sender,
    stop: () => jobs.forEach((job) => job.stop()),
  };
}

type TextParts = Awaited<ReturnType<typeof textParts>>;

/** The texting consumers: the sender, the read models, and the texts events cause. */
export function textConsumers(t: TextParts): Consumers {
  const { views, messages, settings } = t;
  const auto = { views, messages };
  return {
    'messaging-sms-send': (env) => deliverQueued(t.sender, env.data.messageId),
    'messaging-sms-send-batch': (env) => deliverBatch(t.sender, env.data),
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
  };
}
