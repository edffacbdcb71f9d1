/** Strips brackets, spaces, dashes and anything else that is not a digit. */
export function digitsOnly(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\D/g, '');
}

/** True for exactly ten digits once formatting is stripped (the spec's only accepted phone). */
export function isTenDigitPhone(raw: string | null | undefined): boolean {
  return digitsOnly(raw).length === 10;
}

/** Ten digits or fewer as typed so far: (XXX) XXX-XXXX, filled from the left. */
function formatNational(d: string): string {
  if (d.length < 3) return d;
  if (d.length === 3) return `(${d})`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 10)}`;
}

/**
 * Shows a US number as (XXX) XXX-XXXX. Ten digits (or 11 with a leading 1) are formatted in full; anything
 * else is formatted as typed so far, which is what an input field wants while typing: a leading 1 (the trunk
 * prefix) stays in front, a leading 0 is no US number and stays as typed. US-only, so no phone-number library
 * (libphonenumber's metadata alone is ~36 KB gzip in every screen that shows a phone).
 */
export function formatPhone(raw: string | null | undefined): string {
  let digits = digitsOnly(raw);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length === 10 && !digits.startsWith('1') && !digits.startsWith('0')) return formatNational(digits);
  digits = digits.slice(0, 10);
  if (digits.startsWith('0')) return digits;
  if (digits.startsWith('1')) return digits.length === 1 ? '1' : `1 ${formatNational(digits.slice(1))}`;
  return formatNational(digits);
}

/** Text-message recipients get the country code 1 in front of the ten digits. */
export function smsRecipient(raw: string): string {
  return `1${digitsOnly(raw).slice(-10)}`;
}
