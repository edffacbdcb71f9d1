import { z } from 'zod';

/** messaging's own settings, validated with the kit's base config at start (deploy/local/test/compose.test.mjs checks the compose file against them). */
export const messagingEnv = {
  SMTP_URL: z.string().url().refine((u) => /^smtps?:\/\//.test(u), 'must be an smtp:// or smtps:// URL').default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().min(3).default('Turnbook <no-reply@turnbook.local>'),
  // All three set: texts go through Twilio. None set: the recording transport keeps them (dev page, tests).
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC...)').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM: z.string().regex(/^(\+\d{8,15}|MG[0-9a-fA-F]{32})$/, 'must be an E.164 number or a messaging service SID').optional(),
  // The public URL of POST /api/webhooks/twilio as configured at Twilio (signatures are over it; delivery reports go there).
  TWILIO_WEBHOOK_URL: z.string().url().optional(),
};
