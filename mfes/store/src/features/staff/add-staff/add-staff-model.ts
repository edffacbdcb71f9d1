import type { RequestOf } from '@turnbook/contracts/api/index';
import type { AccountEmailValues, ColorValues, CredentialsValues, NameValues, PinValues } from '../add-staff-schemas';

/** A field the server refused, shown under that field when its page opens. */
export type ServerError = { field: string; message: string } | null;

/** What the wizard has gathered so far; each page edits its part. */
export interface AddStaffDraft {
  account: AccountEmailValues;
  name: NameValues;
  creds: CredentialsValues;
  useEmail: boolean;
  color: ColorValues;
  pin: PinValues;
}

export const EMPTY_DRAFT: AddStaffDraft = {
  account: { email: '' },
  name: { fname: '', lname: '', nickname: '' },
  creds: { email: '', password: '', password_confirmation: '' },
  useEmail: false,
  color: { color: '#00bcd4' },
  pin: { PIN: '', PIN_confirmation: '' },
};

export const TITLES: Record<number, string> = {
  1: 'Account',
  2: 'Email and password',
  3: 'Email and password',
  4: 'Staff name',
  5: 'Colour',
  6: 'PIN',
  7: 'Staff email',
  8: 'PIN',
};
/** Step numbers for the progress bar, per path. */
export const STEP: Record<number, [number, number]> = { 1: [1, 4], 4: [2, 6], 2: [3, 6], 3: [3, 6], 5: [4, 6], 6: [5, 6], 7: [2, 3], 8: [3, 3] };

/** What each field is called on the wizard's pages, for a server answer that names it. */
const FIELD_LABELS: Record<string, string> = { email: 'email', password: 'password', fname: 'first name', lname: 'last name', nickname: 'nickname', color: 'colour', PIN: 'PIN' };

/**
 * The server's words for a field, made readable under that field: without the 'field: ' prefix the
 * services write, and 'is required' said as a request.
 */
export function friendlyFieldMessage(field: string, message: string): string {
  const text = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  if (text === 'is required') return `Please enter the ${FIELD_LABELS[field] ?? field}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A page's form errors from the server's answer, when it names one of the page's fields. */
export function serverErrors(e: ServerError, fields: string[]) {
  return e && fields.includes(e.field) ? { [e.field]: { type: 'server', message: e.message } } : undefined;
}

/** The page that holds a field the server refused, on the path whose PIN page is `pinPage`. */
export function pageOfField(field: string, pinPage: number): number | undefined {
  const page: Record<string, number> = { email: pinPage === 8 ? 7 : 3, username: 3, password: 3, fname: 4, lname: 4, nickname: 4, color: 5, PIN: pinPage };
  return page[field];
}

/** Yes path: an invitation to the person with this account. */
export function withAccountRequest(draft: AddStaffDraft, storeId: RequestOf<'POST staff'>['storeId']): RequestOf<'POST staff'> {
  return { hasAccount: 'hasAccount', email: draft.account.email.trim().toLowerCase(), storeId, ...(draft.pin.PIN ? { PIN: draft.pin.PIN } : {}) };
}

/** No path: a new staff member, with their own login when an email and password were given. */
export function withoutAccountRequest(draft: AddStaffDraft, storeId: RequestOf<'POST staff'>['storeId']): RequestOf<'POST staff'> {
  const { name, creds, color, pin } = draft;
  return {
    hasAccount: 'noAccount',
    nickname: name.nickname.trim() || name.fname.trim(),
    fname: name.fname.trim().toLowerCase(),
    lname: name.lname.trim().toLowerCase(),
    // The email and password make the staff member's own login.
    ...(draft.useEmail && creds.email ? { username: creds.email.trim().toLowerCase(), password: creds.password } : {}),
    storeId,
    color: color.color.toLowerCase(),
    ...(pin.PIN ? { PIN: pin.PIN } : {}),
  };
}
