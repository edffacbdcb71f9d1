import { MESSAGES } from '@turnbook/contracts';
import { RateLimitedError } from '../sign-in/rate-limit';
import type { RequestCountsRepository } from './repository';

/** How many requests each key may make per window. */
export type RequestLimits = Record<string, number>;

/**
 * Limits requests that send mail or create accounts (register, forgotPassword), per client address and
 * per target email, with the counts in the database so that every instance enforces the same limits.
 * A request is recorded first and then counted with everything before it, so parallel requests count too.
 */
export class RequestLimiter {
  constructor(
    private readonly repo: RequestCountsRepository,
    private readonly windowSeconds: number,
  ) {}

  /** Counts one request under every key; throws 429 with the wait when any key is over its limit. */
  async take(limits: Array<[key: string, limit: number]>): Promise<void> {
    const now = new Date();
    const since = new Date(now.getTime() - this.windowSeconds * 1000);
    const ids = await Promise.all(limits.map(([key]) => this.repo.insert(key, now)));
    const counts = await Promise.all(limits.map(([key]) => this.repo.count(key, since)));
    const over = limits.filter(([, limit], i) => counts[i] > limit);
    if (!over.length) {
      await this.repo.removeOlderThan(since);
      return;
    }
    // A refused request does not count: waiting out the window is enough.
    await Promise.all(ids.map((id) => this.repo.remove(id)));
    const waits = await Promise.all(
      over.map(async ([key]) => {
        const oldest = (await this.repo.oldest(key, since)) ?? now;
        return Math.max(1, Math.ceil((oldest.getTime() + this.windowSeconds * 1000 - now.getTime()) / 1000));
      }),
    );
    throw new RateLimitedError(Math.max(...waits), MESSAGES.tooManyRequests);
  }
}
