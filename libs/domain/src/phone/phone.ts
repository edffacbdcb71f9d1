import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Strips brackets, spaces, dashes and anything else that is not a digit. */
export function digitsOnly(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\D/g, '');
}

/** True for exactly ten digits once formatting is stripped (the spec's only accepted phone). */
export function isTenDigitPhone(raw: string | null | undefined): boolean {
  return digitsOnly(raw).length === 10;
}

/**
 * Shows a US number as (XXX) XXX-XXXX. Ten digits (or 11 with a leading 1) are formatted in full;
 * anything else is formatted as typed so far, which is what an input field wants while typing.
 */
export function formatPhone(raw: string | null | undefined): string {
  let digits = digitsOnly(raw);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length === 10) {
    const parsed = parsePhoneNumberFromString(digits, 'US');
    if (parsed) return parsed.formatNational();
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return new AsYouType('US').input(digits.slice(0, 10));
}

/** Text-message recipients get the country code 1 in front of the ten digits. */
export function smsRecipient(raw: string): string {
  return `1${digitsOnly(raw).slice(-10)}`;
}
