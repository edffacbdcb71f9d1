import { badRequest } from '@turnbook/service-kit';
import { digestOf, newSecret } from '../credentials/secret-token';
import type { LinkPurpose, LinksRepository } from './repository';

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  verify: 7 * 24 * 3600_000,
  reset: 3600_000,
};

const INVALID: Record<LinkPurpose, string> = {
  verify: 'hash: this activation link is invalid, was used already or has expired',
  reset: 'hash: this reset link is invalid, was used already or has expired',
};

/** Issues and checks the secrets in verification and reset links (`?a=<userId>&b=<secret>`). */
export class OneTimeLinks {
  constructor(private readonly repo: LinksRepository) {}

  async issue(userId: number, purpose: LinkPurpose): Promise<string> {
    const { secret, digest } = newSecret();
    const now = Date.now();
    await this.repo.insert({ _id: digest, userId, purpose, createdAt: new Date(now), expiresAt: new Date(now + LINK_TTL_MS[purpose]) });
    return secret;
  }

  /** Throws 400 unless the link exists for this user and purpose, is unexpired and unused. */
  async check(userId: number, secret: string, purpose: LinkPurpose): Promise<string> {
    const digest = digestOf(secret);
    const link = await this.repo.find(digest);
    const ok = link && link.userId === userId && link.purpose === purpose && link.expiresAt.getTime() > Date.now() && !(await this.repo.isUsed(digest));
    if (!ok) throw badRequest('hash', INVALID[purpose]);
    return digest;
  }

  /** Whether this secret is a link of this user and purpose at all, used or expired ones included. */
  async belongsTo(userId: number, secret: string, purpose: LinkPurpose): Promise<boolean> {
    const link = await this.repo.find(digestOf(secret));
    return !!link && link.userId === userId && link.purpose === purpose;
  }

  /** Marks a checked link used; false when another request used it first. */
  markUsed(digest: string): Promise<boolean> {
    return this.repo.markUsed(digest);
  }

  /** Checks and uses the link in one go; of two racing requests only one gets through. */
  async use(userId: number, secret: string, purpose: LinkPurpose): Promise<void> {
    const digest = await this.check(userId, secret, purpose);
    if (!(await this.repo.markUsed(digest))) throw badRequest('hash', INVALID[purpose]);
  }

  removeAll(userId: number, purpose: LinkPurpose): Promise<void> {
    return this.repo.removeAll(userId, purpose);
  }
}
