import { z } from 'zod';
import { digitsOnly, LOOSE_EMAIL, MIN_PASSWORD_LENGTH, normalizeEmail } from '@turnbook/domain';
import { MESSAGES } from '../errors/index';

/** A POST that carries nothing in its body (what it acts on is in the path or a cookie); extra fields are dropped. */
export const NoBody = z.object({});

/**
 * A number as JSON sends it (42) or as a path, query or form field does ("42", " 27.50 "), then `inner`'s
 * rules. '' and null are 0, as they always were: the spec's client sends `appointmentId: ''` for "none".
 * Nothing else is a number: z.coerce read `true` as 1 and `[]` as 0 (`{storeId: true}` was store 1).
 */
export const numeric = <T extends z.ZodType<unknown, number>>(inner: T, error = 'must be a number') =>
  z
    .union(
      [
        z.number(),
        z.string().trim().regex(/^([-+]?(\d+\.?\d*|\.\d+))?$/).transform((s) => (s === '' ? 0 : Number(s))),
        z.null().transform(() => 0),
      ],
      { error },
    )
    .pipe(inner);

/** Digits typed as text ('0042') or sent as a JSON number (42), as text; `true` or `[1234]` are not digits. */
export const digitsText = (error = 'must be digits') => z.union([z.string(), z.number().int().nonnegative().transform(String)], { error });

/** A numeric id, from a path param ("42") or JSON (42). */
export const Id = numeric(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

/** Free text with a sane cap so nobody stores megabytes in a name. */
export const text = (max = 200) => z.string().trim().max(max);
export const requiredText = (max = 200) => z.string().trim().min(1, 'is required').max(max);

/** Ten-digit US phone, accepted formatted or not, stored as digits. */
export const Phone = z
  .string()
  .max(20)
  .transform((v) => digitsOnly(v))
  .refine((v) => v.length === 10, 'must have 10 digits');

/** Normalised (NFKC, invisible characters dropped, lowercased) before uniqueness checks and sign-in. */
export const Email = z.string().max(1000).transform(normalizeEmail).pipe(z.string().max(254).regex(LOOSE_EMAIL, 'must be an email address'));
export const Password = z.string().min(1, 'is required').max(200);
/**
 * A password being set: at least MIN_PASSWORD_LENGTH characters. Whether it is a common one is checked by
 * identity (the list is large; screens load it on submit), see @turnbook/domain isCommonPassword.
 */
export const NewPassword = z.string().min(1, 'is required').min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort).max(200);
export const Color = z.string().trim().toLowerCase().regex(/^#?[0-9a-f]{3,8}$/, 'must be a hex colour');
/** YYYY-MM-DD */
/** A real calendar day: '2026-13-40' is refused here, not left to fail deeper down. */
const isCalendarDay = (s: string) => {
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};
export const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-21').refine(isCalendarDay, 'must be a date like 2026-11-21');

export const SuccessResponse = z.object({ success: z.boolean() });
export const MessageResponse = z.object({ message: z.string() });

/** Integer cents: how money is stored, and answered where the spec's client reads cents (billing). */
export const Cents = z.number().int().nonnegative();
/** Seconds since 1970, as Stripe gives period starts and ends. */
export const UnixSeconds = z.number().int().nonnegative();
/** A 12-hour time as the spec's screens write it: '09:30 am'. */
export const Time12View = z.string().regex(/^\d{2}:\d{2} [ap]m$/, "must be a time like '09:30 am'");
/** A JSON text or the value it holds: the spec's client sends some lists and objects as JSON text. */
export const jsonOrValue = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  }, inner);
