/** Passwords being set (register, reset, change, store login) have at least this many characters. */
export const MIN_PASSWORD_LENGTH = 10;

let common: Promise<Set<string>> | undefined;

/**
 * The common-password list of @zxcvbn-ts/language-common (about 49,000 entries from public breach
 * corpora, maintained with zxcvbn-ts). Loaded on first use: screens pay for it only when a password form
 * is submitted. Only entries long enough to pass the length rule can matter, so only those are kept.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then((m) => {
    const list = (m.dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    return new Set(list.filter((p) => p.length >= MIN_PASSWORD_LENGTH).map((p) => p.toLowerCase()));
  });
  return common;
}

/** Whether the password is on the common-password list (case does not make it uncommon). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** What is wrong with a new password, or null: too short, or too common. */
export async function passwordProblem(password: string): Promise<'tooShort' | 'tooCommon' | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  return (await isCommonPassword(password)) ? 'tooCommon' : null;
}
