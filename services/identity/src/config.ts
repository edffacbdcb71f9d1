import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { SERVICES } from '@turnbook/contracts';
import type { BaseConfig } from '@turnbook/service-kit';

/** "12h", "30m", "90s" or plain seconds. */
const Duration = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, 'must be seconds or a duration like 12h, 30m')
  .transform((v) => {
    const n = Number.parseInt(v, 10);
    const unit = v.trim().slice(-1);
    return n * ({ s: 1, m: 60, h: 3600, d: 86400 }[unit] ?? 1);
  });

/** Identity's own settings, validated with the kit's base config at start. */
export const identityEnv = {
  /** PEM of an EC P-256 private key; when unset, a key is generated once and kept in identity's DB. */
  JWT_PRIVATE_KEY: z.string().refine(isP256Pem, 'must be the PEM of an EC P-256 private key (ES256)').optional(),
  /** Short: a stolen access token is worth minutes; the refresh cookie keeps the session. At most a day (revocations are remembered that long). */
  ACCESS_TOKEN_TTL: Duration.default(10 * 60).refine((s) => s <= 24 * 3600, 'must be at most 24h'),
  /** How long an unused session lasts: each refresh starts this again. */
  REFRESH_TOKEN_TTL: Duration.default(14 * 24 * 3600),
  /** Registrations and reset requests per window: per client address, and per target email. */
  REGISTER_MAX_PER_IP: z.coerce.number().int().positive().default(10),
  REGISTER_MAX_PER_EMAIL: z.coerce.number().int().positive().default(3),
  FORGOT_MAX_PER_IP: z.coerce.number().int().positive().default(20),
  FORGOT_MAX_PER_EMAIL: z.coerce.number().int().positive().default(3),
  /** The activation mail asked for again ('Not Verified' on login), per address and per email, per REQUEST_WINDOW. */
  RESEND_VERIFICATION_MAX_PER_IP: z.coerce.number().int().positive().default(10),
  RESEND_VERIFICATION_MAX_PER_EMAIL: z.coerce.number().int().positive().default(3),
  REQUEST_WINDOW: Duration.default(3600),
  /** forgotPassword answers after this long whatever the email (the work runs beside it). */
  FORGOT_ANSWER_MS: z.coerce.number().int().nonnegative().default(300),
  /**
   * Failed sign-ins allowed within the window: per account from one client address, per account from
   * every address together (a much higher ceiling, so nobody can lock an owner out from elsewhere), and
   * per client address over every account.
   */
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_ACCOUNT_ALL: z.coerce.number().int().positive().default(50),
  LOGIN_MAX_FAILURES_IP: z.coerce.number().int().positive().default(100),
  LOGIN_WINDOW: Duration.default(15 * 60),
  /** messaging, which texts phone codes (internal call). */
  MESSAGING_URL: z.string().url().default(`http://127.0.0.1:${SERVICES.messaging.port}`),
};

export type IdentityConfig = BaseConfig & z.infer<z.ZodObject<typeof identityEnv>>;

function isP256Pem(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyDetails?.namedCurve === 'prime256v1';
  } catch {
    return false;
  }
}
