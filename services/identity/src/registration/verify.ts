import type { BodyOf, ResponseOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import type { OneTimeLinks } from '../links/one-time-links';
import type { UsersRepository } from '../users/repository';

export interface VerifyDeps {
  users: UsersRepository;
  links: OneTimeLinks;
}

const ALREADY_ACTIVE: ResponseOf<'POST verify'> = { success: true, code: 'alreadyVerified', message: MESSAGES.alreadyVerified };

/**
 * Opens the activation link: the account may sign in from now on. Opened again (or twice at once), a
 * genuine link of an active account says so instead of failing; any other link is a 400.
 */
export async function verify(d: VerifyDeps, input: BodyOf<'POST verify'>): Promise<ResponseOf<'POST verify'>> {
  let digest: string;
  try {
    digest = await d.links.check(input.id, input.hash, 'verify');
  } catch (err) {
    if (await isActiveWithLink(d, input)) return ALREADY_ACTIVE;
    throw err;
  }
  // Verified before the link is marked, so a request that loses the race below may truly say "already active".
  await d.users.update(input.id, { verified: true });
  if (!(await d.links.markUsed(digest))) return ALREADY_ACTIVE;
  return { success: true };
}

async function isActiveWithLink(d: VerifyDeps, input: { id: number; hash: string }): Promise<boolean> {
  if (!(await d.links.belongsTo(input.id, input.hash, 'verify'))) return false;
  return (await d.users.findById(input.id))?.verified === true;
}
