import twilio from 'twilio';
import type { SentTextsRepository } from './repository';

export interface OutgoingText {
  to: string;
  body: string;
}

/** What sending a text needs from a provider: Twilio in production, the recording transport locally. */
export interface SmsProvider {
  readonly name: 'twilio' | 'recording';
  send(text: OutgoingText): Promise<{ providerId: string }>;
}

/** US numbers are stored as 10 digits; Twilio wants E.164. */
export const toE164 = (digits: string) => (digits.startsWith('+') ? digits : `+1${digits}`);

/** Twilio's Messages API through the official SDK. */
export function twilioProvider(accountSid: string, authToken: string, from: string): SmsProvider {
  const client = twilio(accountSid, authToken, { timeout: 10_000 });
  return {
    name: 'twilio',
    async send(text) {
      const message = await client.messages.create({ to: toE164(text.to), from, body: text.body });
      return { providerId: message.sid };
    },
  };
}

/**
 * Sends nothing: the text is kept in messaging's database (sent_texts, body included), where tests read it
 * and the dev page of sent texts shows it. Used whenever Twilio is not configured.
 */
export function recordingProvider(texts: Pick<SentTextsRepository, 'newId'>): SmsProvider {
  return {
    name: 'recording',
    send: async () => ({ providerId: texts.newId() }),
  };
}
