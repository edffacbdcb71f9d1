import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@turnbook/service-kit';

/**
 * Counts failed sign-ins per account and per client IP; too many within the window gives 429.
 *
 * Kept in memory on purpose: a shared store would need an atomic increment, and FerretDB cannot give one
 * (findOneAndUpdate is not atomic there, see ARCHITECTURE.md §2). With N identity instances an attacker
 * gets at most N times the limit, which still stops brute force. Move to RateLimiterRedis (or Mongo on a
 * real MongoDB) if identity ever runs many instances.
 */
export class SignInLimiter {
  private readonly byAccount: RateLimiterMemory;
  private readonly byIp: RateLimiterMemory;

  constructor(opts: { perAccount: number; perIp: number; windowSeconds: number }) {
    this.byAccount = new RateLimiterMemory({ keyPrefix: 'acct', points: opts.perAccount, duration: opts.windowSeconds });
    this.byIp = new RateLimiterMemory({ keyPrefix: 'ip', points: opts.perIp, duration: opts.windowSeconds });
  }

  /** Throws 429 when this account or this IP has used up its failures. Checked before the (slow) hash. */
  async check(account: string, ip: string): Promise<void> {
    const [a, i] = await Promise.all([this.byAccount.get(account), this.byIp.get(ip)]);
    const blocked = [a && a.consumedPoints >= this.byAccount.points ? a : null, i && i.consumedPoints >= this.byIp.points ? i : null]
      .filter((r): r is RateLimiterRes => r != null);
    if (blocked.length) throw tooMany(Math.max(...blocked.map((r) => r.msBeforeNext)));
  }

  async failed(account: string, ip: string): Promise<void> {
    await Promise.all([this.byAccount.penalty(account, 1), this.byIp.penalty(ip, 1)]);
  }

  /** A successful sign-in forgives the account's earlier failures (not the IP's). */
  async succeeded(account: string): Promise<void> {
    await this.byAccount.delete(account);
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super('rateLimited', `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

function tooMany(ms: number): RateLimitedError {
  return new RateLimitedError(Math.ceil(ms / 1000));
}
