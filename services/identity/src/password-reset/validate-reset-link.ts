import type { BodyOf } from '@turnbook/contracts';
import type { OneTimeLinks } from '../links/one-time-links';

/** The reset page asks first whether its link still works (else the client goes to /). */
export async function validateResetLink(d: { links: OneTimeLinks }, input: BodyOf<'POST resetPasswordValidation'>) {
  await d.links.check(input.id, input.hash, 'reset');
  return { valid: true as const };
}
