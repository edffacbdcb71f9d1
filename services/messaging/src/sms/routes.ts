import express, { type Router } from 'express';
import type { Handlers } from '@turnbook/service-kit';
import { renderSentTexts } from './dev-page';
import type { SentTextsRepository } from './repository';
import { sendText, type SendTextDeps } from './send-text';

/** The text identity asks for (a phone code), sent now. */
export function smsInternalRoutes(deps: SendTextDeps): Handlers {
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
