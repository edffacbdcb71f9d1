import express, { type Router } from 'express';
import type { Handlers } from '@turnbook/service-kit';
import { renderSentTexts } from './dev-page';
import type { MessagesRepository } from './repository';
import { messageView, sendSms, type SendSmsDeps } from './send-sms';
import { sendText, type SendTextDeps } from './send-text';
import type { SentTextsRepository } from './sent-texts';
import type { SmsSettingsRepository } from './settings';

export type TextRoutesDeps = SendSmsDeps & { messages: MessagesRepository; settings: SmsSettingsRepository };

/** The Text Center's routes of the route table (access is the router's, from libs/contracts). */
export function textRoutes(deps: TextRoutesDeps): Handlers {
  return {
    'POST sendSMS': async ({ body, record }) => sendSms(deps, { body, appointment: record }),
    'GET smsSettings/{storeId}': async ({ params }) => ({ settings: await deps.settings.of(params.storeId) }),
    'PUT smsSettings/{storeId}': async ({ params, body }) => ({ settings: await deps.settings.update(params.storeId, body) }),
    'GET getTextsByAppointmentId/{appointmentId}': async ({ params, query }) => ({
      messages: (await deps.messages.ofAppointment(query.storeId, params.appointmentId)).map(messageView),
    }),
  };
}

/** The text identity asks for (a phone code), sent now. */
export function internalTextRoutes(deps: SendTextDeps): Handlers {
  return { 'POST internal/texts': async ({ body }) => sendText(deps, body) };
}

/**
 * The dev page of sent texts (like the dev mailbox): only mounted when texts are recorded rather than sent,
 * outside production. `?format=json` gives the same list to scripts and journeys; `?to=` filters by phone.
 */
export function devTextsRoutes(texts: Pick<SentTextsRepository, 'latest'>): Router {
  const r = express.Router();
  r.get('/dev/texts', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.replace(/\D/g, '') : undefined;
    const list = await texts.latest(100, to || undefined);
    res.set('cache-control', 'no-store');
    if (req.query.format === 'json') {
      return void res.json({ texts: list.map((t) => ({ id: t._id, to: t.to, body: t.body, purpose: t.purpose, sentAt: t.sentAt.toISOString() })) });
    }
    res.type('html').send(renderSentTexts(list));
  });
  return r;
}
