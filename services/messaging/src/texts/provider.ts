import twilio from 'twilio';
import type { SentTextsRepository } from './sent-texts';

export interface OutgoingText {
  /** 10 digits (US), or E.164 */
  to: string;
  body: string;
  /**
   * One key per text, whatever the number of attempts: the recording transport keeps a text once per key,
   * and a resumed attempt looks for a text already sent under it before sending again.
   */
  key: string;
  /** why it is sent (kept by the recording transport; the dev page shows it) */
  purpose: string;
  /** the store's own number; the configured sender when absent */
  from?: string;
}

/** The provider refused the text for good (a bad number, an unsubscribed recipient): retrying will not help. */
export class PermanentSmsError extends Error {
  constructor(message: string, readonly providerCode?: string) {
    super(message);
    this.name = 'PermanentSmsError';
  }
}

/** What sending a text needs from a provider: Twilio in production, the recording transport locally. */
export interface SmsProvider {
  readonly name: 'twilio' | 'recording';
  send(text: OutgoingText): Promise<{ providerId: string }>;
  /**
   * A text already accepted under `text.key` since `since`, if any: an attempt that died after the
   * provider took the text but before we noted it must not send it again.
   */
  findSent?(text: OutgoingText, since: Date): Promise<{ providerId: string } | null>;
}

/** US numbers are stored as 10 digits (or '1' plus 10 on the spec's recipient); Twilio wants E.164. */
export const toE164 = (digits: string) => (digits.startsWith('+') ? digits : digits.length === 11 ? `+${digits}` : `+1${digits}`);

/** Twilio's Messages API through the official SDK. `statusCallback`: where Twilio reports delivery (our webhook). */
export function twilioProvider(accountSid: string, authToken: string, from: string, statusCallback?: string): SmsProvider {
  const client = twilio(accountSid, authToken, { timeout: 10_000 });
  return {
    name: 'twilio',
    async send(text) {
      try {
        const message = await client.messages.create({
          to: toE164(text.to),
          from: text.from ?? from,
          body: text.body,
          ...(statusCallback ? { statusCallback } : {}),
        });
        return { providerId: message.sid };
      } catch (err) {
        // A 4xx from Twilio (invalid number, unsubscribed, ...) will fail the same way every time.
        const e = err as { status?: number; code?: number; message?: string };
        if (typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.status !== 429) {
          throw new PermanentSmsError(e.message ?? 'rejected by Twilio', e.code != null ? String(e.code) : undefined);
        }
        throw err;
      }
    },
    async findSent(text, since) {
      const sent = await client.messages.list({ to: toE164(text.to), dateSentAfter: since, limit: 20 });
      const same = sent.find((m) => m.body === text.body);
      return same ? { providerId: same.sid } : null;
    },
  };
}

/**
 * Sends nothing: the text is kept in messaging's database (sent_texts, body included, once per key), where
 * tests read it and the dev page of sent texts shows it. Used whenever Twilio is not configured.
 */
export function recordingProvider(texts: Pick<SentTextsRepository, 'recordOnce' | 'byId'>): SmsProvider {
  return {
    name: 'recording',
    async send(text) {
      await texts.recordOnce({ _id: text.key, to: text.to.slice(-10), body: text.body, purpose: text.purpose, transport: 'recording', providerId: text.key });
      return { providerId: text.key };
    },
    async findSent(text) {
      const t = await texts.byId(text.key);
      return t ? { providerId: t.providerId } : null;
    },
  };
}
