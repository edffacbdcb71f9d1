import { randomUUID } from 'node:crypto';
import type { SendTextBody } from '@turnbook/contracts';
import { AppError, type Logger } from '@turnbook/service-kit';
import type { SmsProvider } from './provider';
import type { SentTextsRepository } from './sent-texts';

export interface SendTextDeps {
  sms: SmsProvider;
  texts: Pick<SentTextsRepository, 'record'>;
  log: Logger;
}

/**
 * Texts one message now. A provider failure answers 503 so the caller (identity, for a phone code) can
 * tell the person to try again; nothing is retried behind their back.
 */
export async function sendText(deps: SendTextDeps, input: { to: string; body: string; purpose: SendTextBody['purpose'] }) {
  const key = randomUUID();
  let providerId: string;
  try {
    ({ providerId } = await deps.sms.send({ to: input.to, body: input.body, key, purpose: input.purpose }));
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, purpose: input.purpose }, 'text not sent');
    throw new AppError('unavailable', 'The text could not be sent. Please try again in a moment.');
  }
  // The recording transport kept it (body included); with Twilio only the fact is kept, never a code.
  const saved =
    deps.sms.name === 'recording'
      ? { _id: key }
      : await deps.texts.record({ to: input.to, body: null, purpose: input.purpose, transport: deps.sms.name, providerId });
  deps.log.info({ textId: saved._id, purpose: input.purpose, transport: deps.sms.name }, 'text sent');
  return { id: saved._id };
}
