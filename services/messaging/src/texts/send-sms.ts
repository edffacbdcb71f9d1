import { randomUUID } from 'node:crypto';
import { MESSAGING_MESSAGES, type messaging } from '@turnbook/contracts';
import { AppError } from '@turnbook/service-kit';
import type { MessageDoc, MessagesRepository, NewMessage } from './repository';
import type { AppointmentView, TextReadModels } from './read-models';
import type { SmsSettingsRepository } from './settings';
import { renderText } from './templates';

export interface SendSmsDeps {
  messages: MessagesRepository;
  views: TextReadModels;
  settings: Pick<SmsSettingsRepository, 'isOptedOut'>;
}

export const messageView = (m: MessageDoc): messaging.SmsMessageView => ({
  id: m._id, storeId: m.storeId, recipient: m.recipient, body: m.body, kind: m.kind, appointmentId: m.appointmentId, status: m.status,
  created_at: m.created_at.toISOString(),
});

/** The store as texts name it; a store messaging has not heard of yet still gets a text, with no name. */
export async function storeForTexts(views: TextReadModels, storeId: number) {
  const s = await views.store(storeId);
  return { name: s?.name ?? '', phone: s?.phone ?? '', timezone: s?.timezone ?? '' };
}

/**
 * A text goes only to the store's customers, whatever the client sends (else a staff token could text any
 * number from the store's account): about an appointment, to its customer's phone; while messaging knows no
 * phone for that customer (their event may still be on its way), or with no appointment, to a phone one of
 * the store's customers has.
 */
async function assertStoreCustomer(views: TextReadModels, storeId: number, phone: string, appointment: AppointmentView | undefined) {
  if (appointment) {
    const known = appointment.phone ?? (await views.phoneOf(storeId, appointment.customerId));
    if (known === phone) return;
    if (known) throw new AppError('recipientNotCustomer', MESSAGING_MESSAGES.recipientNotCustomer, 'recipient');
  }
  if (!(await views.customerByPhone(storeId, phone))) {
    const message = appointment ? MESSAGING_MESSAGES.recipientNotCustomer : MESSAGING_MESSAGES.recipientNotStoreCustomer;
    throw new AppError('recipientNotCustomer', message, 'recipient');
  }
}

/**
 * The Text Center's POST sendSMS: queues the text (sent by the consumer, retried with backoff) and answers
 * it as queued, if the number is one the store may text (assertStoreCustomer). The fixed kinds are written
 * here from the appointment the text names, the router's record (the store's own; 'review' is the owner's:
 * the route's policy). A manual text always goes (a reminder again too); a retry with the same
 * Idempotency-Key is answered by the router from the first answer, and the text's id is derived from
 * nothing else.
 */
export async function sendSms(deps: SendSmsDeps, input: { body: messaging.SendSmsBody; appointment: AppointmentView | undefined }) {
  const b = input.body;
  const phone = b.recipient.slice(-10);
  await assertStoreCustomer(deps.views, b.storeId, phone, input.appointment);
  if (await deps.settings.isOptedOut(b.storeId, phone)) throw new AppError('optedOut', MESSAGING_MESSAGES.optedOut, 'recipient');
  const appointment = input.appointment && { date: input.appointment.date, start: input.appointment.start };
  const store = await storeForTexts(deps.views, b.storeId);
  const body = renderText(b.kind, { store, appointment, body: b.body });
  const m: NewMessage = { _id: `txt:${randomUUID()}`, storeId: b.storeId, recipient: b.recipient, body, kind: b.kind, appointmentId: b.appointmentId ?? null };
  const saved = await deps.messages.queue(m);
  if (!saved) throw new Error(`text ${m._id} exists already`);
  return { message: messageView(saved) };
}
