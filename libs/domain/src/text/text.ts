/** The spec lowercases names, emails and colours before they are stored. */
export function lower(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/**
 * Store permalink: the name (NFKC, lower-cased) with spaces replaced by hyphens, minus what a URL path
 * cannot carry as is: / ? # % and backslash, the characters URLs must escape (" < > ` { } | ^), control
 * and invisible characters. A name may hold any of them, so they are dropped, never refused. Never empty
 * and never only dots ('.', '..' would be path segments): 'store' then. See docs/decisions.md
 * (Scheduling: permalinks).
 */
export function permalinkOf(name: string): string {
  const p = lower((name ?? '').normalize('NFKC'))
    .replace(/\s+/g, '-')
    .replace(/[\p{Cc}\p{Cf}]+/gu, '')
    .replace(/[/?#%\\"<>`{}|^]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return !p || /^\.+$/.test(p) ? 'store' : p;
}

/** Whether a path segment could be a permalink a store has (permalinkOf never makes anything else). */
export function couldBePermalink(segment: string): boolean {
  return segment.length > 0 && segment.length <= 200 && !/^\.+$/.test(segment)
    && !/[\s/?#%\\"<>`{}|^\p{Cc}\p{Cf}]/u.test(segment);
}

/** The loose email pattern of the registration form: text, at-sign, text, dot, text. */
export const LOOSE_EMAIL = /^\S+@\S+\.\S+$/;

/** Default colours from the spec. */
export const DEFAULT_USER_COLOR = '#00bcd4';
export const DEFAULT_SERVICE_COLOR = 'f9f9fa';

// Zero-width and other characters that show nothing (U+200B, U+FEFF, soft hyphen, ...).
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;

/**
 * One spelling per address before uniqueness and sign-in: NFKC (full-width letters become ASCII), no
 * invisible characters, no surrounding spaces, lowercased.
 */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').replace(INVISIBLE, '').trim().toLowerCase();
}

/**
 * One spelling of a person's first and last name, to tell whether two records name the same person (case
 * and spacing aside). A phone is shared by families and mistyped at the door: a walk-in is the customer
 * with the same phone AND this same name, never the phone's customer alone (docs/product/kiosk.md).
 */
export function nameKey(p: { fname?: string | null; lname?: string | null }): string {
  return `${lower(p.fname).replace(/\s+/g, ' ')}|${lower(p.lname).replace(/\s+/g, ' ')}`;
}

export const sameName = (a: { fname?: string | null; lname?: string | null }, b: { fname?: string | null; lname?: string | null }) => nameKey(a) === nameKey(b);
