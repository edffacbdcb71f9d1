import { RateLimitedError, type Logger } from '@turnbook/service-kit';
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
    private readonly log?: Pick<Logger, 'warn'>,
  ) {}

  /**
   * Runs one password check under the limits; `check` answers whether the password was right. Throws
   * 429 (with the wait) when a limit is used up: the password is then not checked at all.
   */
  async attempt(account: string, address: string, check: () => Promise<boolean>): Promise<boolean> {
    return (await this.attemptThen(account, address, check, async () => undefined)).ok;
  }

  /**
   * As `attempt`; when the password was right, `onRight` (e.g. issuing the session) runs at once. The
   * attempt is cleared from the counts beside it (awaited when earlier failures are forgiven with it), or
   * after the answer when it was the account's only one: until the clearing lands the attempt still
   * counts as pending, which can only make a concurrent attempt stricter, never looser.
   */
  async attemptThen<T>(account: string, address: string, check: () => Promise<boolean>, onRight: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    const ip = address || 'unknown';
    const now = new Date();
    const since = new Date(now.getTime() - this.limits.windowSeconds * 1000);
    const id = await this.repo.insertPending(account, ip, now);

    const counted: AttemptFilter['states'] = ['pending', 'failed'];
    // Counted after the insert, so of parallel attempts the last one recorded sees all the others.
    // The two per-account limits come from one read of the account's attempts.
    const [ofAccount, perAddress] = await Promise.all([
      this.repo.ofAccount(account, counted, since),
      // An address keeps its failures even when one of its accounts later signs in.
      this.repo.count({ ip, states: ['pending', 'failed', 'forgiven'] }, since),
    ]);
    const perAccount = ofAccount.length;
    const rules: Array<[AttemptFilter, number, number]> = [
      [{ account, ip, states: counted }, this.limits.perAccountAddress, ofAccount.filter((a) => a.ip === ip).length],
      [{ account, states: counted }, this.limits.perAccount, perAccount],
      [{ ip, states: ['pending', 'failed', 'forgiven'] }, this.limits.perAddress, perAddress],
    ];
    const over = rules.filter(([, limit, count]) => count > limit);
    if (over.length) {
      const waits = await Promise.all(over.map(([filter, limit]) => this.waitFor(filter, since, id, limit, now)));
      await this.repo.remove(id);
      throw new RateLimitedError(Math.max(...waits), 'Too many failed sign-in attempts.');
    }

    let ok: boolean;
    try {
      ok = await check();
    } catch (err) {
      await this.repo.remove(id);
      throw err;
    }
    if (!ok) {
      await this.repo.setState(id, 'failed');
      await this.repo.removeOlderThan(since);
      return { ok: false };
    }
    if (perAccount <= 1) {
      // Only this attempt counted against the account: nothing to forgive, and no answer waits for it.
      this.repo.remove(id).catch((err: unknown) => this.log?.warn({ err: String(err), account }, 'a right sign-in attempt was not cleared; it counts as pending until the window ends'));
      return { ok: true, value: await onRight() };
    }
    const cleared = Promise.all([this.repo.remove(id), this.repo.forgive(account)]);
    cleared.catch(() => undefined); // awaited below; onRight failing first must not leave it unhandled
    try {
      return { ok: true, value: await onRight() };
    } finally {
      await cleared;
    }
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
