import { randomUUID } from 'node:crypto';
import { badRequest } from '@turnbook/service-kit';
import { digestOf, newSecret } from '../credentials/secret-token';
import type { LinkDoc, LinkPurpose, LinksRepository } from './repository';

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  verify: 7 * 24 * 3600_000,
  reset: 3600_000,
  email: 24 * 3600_000,
};

/** How long messaging may take to pick a mail up (an outage longer than that loses the mail, not the secret). */
const MAIL_PICKUP_MS = 24 * 3600_000;

/** Where each kind of link opens in the app. */
const PAGE: Record<LinkPurpose, string> = { verify: 'activate', reset: 'reset-password', email: 'confirm-email' };

const INVALID: Record<LinkPurpose, string> = {
  verify: 'hash: this activation link is invalid, was used already or has expired',
  reset: 'hash: this reset link is invalid, was used already or has expired',
  email: 'hash: this confirmation link is invalid, was used already or has expired',
};

/** Issues and checks the secrets in verification and reset links (`?a=<userId>&b=<secret>`). */
export class OneTimeLinks {
  constructor(private readonly repo: LinksRepository) {}

  /**
   * A new link for a mail: `${publicUrl}/<page>?a=<userId>&b=<secret>`. Only the secret's digest is kept
   * as the link; the URL itself waits for messaging under the returned mail id (never in an event).
   */
  async issue(userId: number, purpose: LinkPurpose, publicUrl: string, extra: { email?: string } = {}): Promise<{ mailId: string }> {
    const { secret, digest } = newSecret();
    const now = Date.now();
    const expiresAt = new Date(now + LINK_TTL_MS[purpose]);
    await this.repo.insert({ _id: digest, userId, purpose, ...extra, createdAt: new Date(now), expiresAt });
    const mailId = randomUUID();
    const url = `${publicUrl}/${PAGE[purpose]}?a=${userId}&b=${encodeURIComponent(secret)}`;
    await this.repo.insertMail({ _id: mailId, userId, url, expiresAt: new Date(Math.min(expiresAt.getTime(), now + MAIL_PICKUP_MS)) });
    return { mailId };
  }

  /** The link of a mail, for messaging (internal call); null once expired or revoked. */
  async mailUrl(mailId: string): Promise<string | null> {
    return (await this.repo.findMail(mailId))?.url ?? null;
  }

  /** Throws 400 unless the link exists for this user and purpose, is unexpired and unused; answers its digest. */
  async check(userId: number, secret: string, purpose: LinkPurpose): Promise<string> {
    return (await this.checkLink(userId, secret, purpose))._id;
  }

  /** Like check, with the stored link (an email change's new address). */
  async checkLink(userId: number, secret: string, purpose: LinkPurpose): Promise<LinkDoc> {
    const digest = digestOf(secret);
    const link = await this.repo.find(digest);
    const ok = link && link.userId === userId && link.purpose === purpose && link.expiresAt.getTime() > Date.now() && !(await this.repo.isUsed(digest));
    if (!ok) throw badRequest('hash', INVALID[purpose]);
    return link;
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

  /** Without a purpose: every link of the user (a password or email change makes older links worthless). */
  removeAll(userId: number, purpose?: LinkPurpose): Promise<void> {
    return this.repo.removeAll(userId, purpose);
  }
}
