import type { NextFunction, Request, Response } from 'express';
import twilio from 'twilio';
import type { messaging } from '@turnbook/contracts';
import { digitsOnly } from '@turnbook/domain';
import { forbidden, type Logger } from '@turnbook/service-kit';
import type { z } from 'zod';
import type { InboxRepository } from '../inbox/repository';
import type { MessagesRepository } from '../texts/repository';
import type { SmsSettingsRepository } from '../texts/settings';

/** Carrier keywords (Twilio's defaults): these stop texts from the store, those start them again. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

/**
 * Checks X-Twilio-Signature with the SDK's validateRequest before anything is parsed or written. The URL
 * is the one Twilio called: `publicUrl` when set (what the console is configured with), else rebuilt from
 * the gateway's forwarded host and protocol. No auth token: every request is refused.
 */
export function verifyTwilioSignature(authToken: string | undefined, publicUrl: string | undefined) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const signature = req.get('x-twilio-signature');
    const host = req.get('x-forwarded-host') ?? req.get('host');
    const url = publicUrl ?? `${req.protocol}://${host}${req.originalUrl}`;
    const params = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    if (!authToken || !signature || !twilio.validateRequest(authToken, signature, url, params)) {
      return next(forbidden('Invalid Twilio signature'));
    }
    next();
  };
}

export interface TwilioWebhookDeps {
  inbox: Pick<InboxRepository, 'receive'>;
  messages: Pick<MessagesRepository, 'applyStatus' | 'storesThatTexted'>;
  settings: Pick<SmsSettingsRepository, 'storeBySender' | 'optOut' | 'optIn'>;
  log: Logger;
}

/**
 * A signed webhook: a delivery report (MessageStatus) moves the text's status; an inbound text goes to the
 * store whose own number it was sent to, else to the stores that texted that phone last (a shared
 * number), and STOP / START change the opt-out list of those stores.
 */
export async function handleTwilioWebhook(deps: TwilioWebhookDeps, body: z.infer<typeof messaging.TwilioWebhookBody>): Promise<void> {
  if (body.MessageStatus && body.Body === undefined) {
    await deps.messages.applyStatus(body.MessageSid, body.MessageStatus, body.ErrorCode ? `error ${body.ErrorCode}` : null);
    return;
  }
  const from = digitsOnly(body.From ?? '').slice(-10);
  if (from.length !== 10 || body.Body === undefined) return;
  const own = body.To ? await deps.settings.storeBySender(body.To) : null;
  const stores = own != null ? [own] : await deps.messages.storesThatTexted(`1${from}`);
  if (!stores.length) {
    deps.log.info({ messageSid: body.MessageSid }, 'inbound text for no known store');
    return;
  }
  const word = body.Body.trim().toUpperCase();
  for (const storeId of stores) {
    if (STOP_WORDS.has(word)) await deps.settings.optOut(storeId, from);
    else if (START_WORDS.has(word)) await deps.settings.optIn(storeId, from);
  }
  // The reply shows in the inbox of the store it is for (the last that texted, on a shared number).
  await deps.inbox.receive({ _id: body.MessageSid, storeId: stores[0], from, to: body.To ?? '', body: body.Body, receivedAt: new Date() });
}
