/** Error codes of the identity routes (code: HTTP status); see ./index.ts. */
export const IDENTITY_ERRORS = {
  /** An account with this email exists already (adding a staff member who should sign in with their own). */
  hasAccount: 409,
  /** A phone code was asked for, but the account has no phone number. */
  noPhone: 400,
  /** The phone code typed is not the one texted (tries remain). */
  phoneCodeWrong: 400,
  /** No live phone code: none asked for, expired (10 min), used up its tries, or the phone changed since. */
  phoneCodeExpired: 400,
  /**
   * The access token expired or was revoked (password or email change, logout), or the refresh cookie is
   * missing, used up or revoked. The client refreshes once; when the refresh itself answers this, it signs in again.
   */
  sessionExpired: 401,
  /**
   * A bearer token the server cannot accept at all (malformed, unknown key, bad signature or claims): the
   * client treats it as an ended session (refresh once, else sign in again), never as a page's error.
   */
  invalidToken: 401,
} as const satisfies Record<string, number>;

/** Identity's user-facing messages, each defined once (spread into MESSAGES). */
export const IDENTITY_MESSAGES = {
  hasAccount: 'has account',
  /** An activation link opened again after the account was activated. */
  alreadyVerified: 'Your account is already active. Please sign in.',
  noPhone: 'Add a phone number to your account first',
  phoneCodeWrong: 'That code is not right. Please check the text and try again.',
  phoneCodeExpired: 'That code has expired. Please ask for a new one.',
  phoneAlreadyVerified: 'Your phone number is already verified',
  phoneCodeTooSoon: 'Too many codes asked for. Please wait a while and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  invalidToken: 'Your sign-in is no longer valid. Please sign in again.',
  passwordTooShort: 'Password must be at least 10 characters.',
  passwordTooCommon: 'This password is one of the most common passwords. Please choose another.',
  /** An email change asks for the current password (the account form sends it only when the email changed). */
  currentPasswordRequired: 'is required to change your email',
  currentPasswordWrong: 'is not your current password',
  emailChangePending: 'We sent a link to your new email address. Your email changes when you open it.',
  emailChanged: 'Your email address has been changed.',
  /** Followed by when to try again (see identity's RateLimitedError). */
  tooManyRequests: 'Too many requests.',
} as const;
