/** The spec lowercases names, emails and colours before they are stored. */
export function lower(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/**
 * Store permalink: the lower-cased name with spaces replaced by hyphens, minus the characters that would
 * break a URL path (/ ? # % and backslash), which a name may hold. Never empty: 'store' when nothing
 * usable is left. See docs/decisions.md (Scheduling: permalinks).
 */
export function permalinkOf(name: string): string {
  const p = lower(name)
    .replace(/\s+/g, '-')
    .replace(/[/?#%\\]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return !p || /^\.+$/.test(p) ? 'store' : p;
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
