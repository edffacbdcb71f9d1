/** The spec lowercases names, emails and colours before they are stored. */
export function lower(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/** Store permalink: the lower-cased name with spaces replaced by hyphens (doc 002 §5). */
export function permalinkOf(name: string): string {
  return lower(name).replace(/\s+/g, '-');
}

/** The loose email pattern of the registration form: text, at-sign, text, dot, text. */
export const LOOSE_EMAIL = /^\S+@\S+\.\S+$/;

/** Default colours from the spec. */
export const DEFAULT_USER_COLOR = '#00bcd4';
export const DEFAULT_SERVICE_COLOR = 'f9f9fa';
