import { AppError } from '@turnbook/service-kit';
import type { AttemptFilter, SignInAttemptsRepository } from './repository';

export interface SignInLimits {
  /** Failures of one account from one client address. */
  perAccountAddress: number;
  /** Failures of one account from all addresses together: a ceiling well above the first. */
  perAccount: number;
  /** Failures from one address over all accounts (password spraying). */
  perAddress: number;
  windowSeconds: number;
}

/**
 * Limits password guesses, with the counts in the database so that every identity instance enforces the
 * same limits. Keyed on (account, address) first, so failures from one address do not lock the owner out
 * from another; the per-account ceiling still stops a guesser who spreads over many addresses.
 *
 * An attempt is recorded (pending) before its password is checked and counted with everything recorded
 * before it, so of many parallel guesses at most the limit get checked.
 */
export class SignInLimiter {
  constructor(
    private readonly repo: SignInAttemptsRepository,
    private readonly limits: SignInLimits,
  ) {}

  /**
   * Runs one password check under the limits; `check` answers whether the password was right. Throws
   * 429 (with the wait) when a limit is used up: the password is then not checked at all.
   */
  async attempt(account: string, address: string, check: () => Promise<boolean>): Promise<boolean> {
    const ip = address || 'unknown';
    const now = new Date();
    const since = new Date(now.getTime() - this.limits.windowSeconds * 1000);
    const id = await this.repo.insertPending(account, ip, now);

    const counted: AttemptFilter['states'] = ['pending', 'failed'];
    const rules: Array<[AttemptFilter, number]> = [
      [{ account, ip, states: counted }, this.limits.perAccountAddress],
      [{ account, states: counted }, this.limits.perAccount],
      // An address keeps its failures even when one of its accounts later signs in.
      [{ ip, states: ['pending', 'failed', 'forgiven'] }, this.limits.perAddress],
    ];
    const counts = await Promise.all(rules.map(([filter]) => this.repo.count(filter, since)));
    const over = rules.filter(([, limit], i) => counts[i] > limit);
    if (over.length) {
      const waits = await Promise.all(over.map(([filter, limit]) => this.waitFor(filter, since, id, limit, now)));
      await this.repo.remove(id);
      throw new RateLimitedError(Math.max(...waits));
    }

    let ok: boolean;
    try {
      ok = await check();
    } catch (err) {
      await this.repo.remove(id);
      throw err;
    }
    if (ok) {
      await this.repo.remove(id);
      // Only this attempt counted against the account: nothing to forgive.
      if (counts[1] > 1) await this.repo.forgive(account);
    } else {
      await this.repo.setState(id, 'failed');
      await this.repo.removeOlderThan(since);
    }
    return ok;
  }

  /** Forgives the account's earlier failures (after a password reset proved the owner). */
  forgive(account: string): Promise<void> {
    return this.repo.forgive(account);
  }

  /** Seconds until enough of the others' attempts leave the window for one more to be allowed. */
  private async waitFor(filter: AttemptFilter, since: Date, own: string, limit: number, now: Date): Promise<number> {
    const times = await this.repo.times(filter, since, own);
    const freeing = times[Math.max(0, times.length - limit)] ?? now;
    const ms = freeing.getTime() + this.limits.windowSeconds * 1000 - now.getTime();
    return Math.max(1, Math.ceil(ms / 1000));
  }
}

/** 429 that says when to try again: `retryAfter` seconds in the body and the Retry-After header. */
export class RateLimitedError extends AppError {
  override readonly headers: Record<string, string>;

  constructor(readonly retryAfterSeconds: number, what = 'Too many failed sign-in attempts.') {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super('rateLimited', `${what} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }

  override toBody() {
    return { ...super.toBody(), retryAfter: this.retryAfterSeconds };
  }
}
