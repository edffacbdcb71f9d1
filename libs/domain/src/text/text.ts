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
