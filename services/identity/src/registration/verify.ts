import type { Deps } from '../deps';

/** Opens the activation link: the account may sign in from now on. The link works once. */
export async function verify(d: Deps, input: { id: number; hash: string }) {
  await d.links.use(input.id, input.hash, 'verify');
  await d.users.update(input.id, { verified: true });
  return { success: true };
}
