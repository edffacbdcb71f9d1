/** The end (ms) of the fixed window on the clock that `now` falls in. */
export function windowEnd(now: number, windowMs: number): number {
  return (Math.floor(now / windowMs) + 1) * windowMs;
}

/** What a refused call waits: the seconds left in its window, at least one. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** The records a limiter keeps per window in the database: each carries its window's end. */
interface WindowRecords {
  deleteMany(filter: { until: { $lte: Date } }): PromiseLike<unknown>;
}

/**
 * Per-window state in memory, and the window's records in the database, both kept until the window ends and
 * dropped together at most once a window per instance (ExactWindowLimiter, SyncedWindowCounts).
 */
export class WindowStates<S extends { until: number }> {
  private readonly states = new Map<string, S>();

  /** `sweptAt`: when the last sweep is taken to have been (0: the first call sweeps what earlier runs left). */
  constructor(
    private readonly windowMs: number,
    private readonly records: WindowRecords,
    private readonly create: (window: string, until: number) => S,
    private sweptAt: number,
  ) {}

  of(window: string, until: number): S {
    let state = this.states.get(window);
    if (!state) {
      state = this.create(window, until);
      this.states.set(window, state);
    }
    return state;
  }

  /** Once a window: states and records of windows that have ended go. */
  async sweepIfDue(now: number): Promise<void> {
    if (now - this.sweptAt <= this.windowMs) return;
    this.sweptAt = now;
    for (const [window, state] of this.states) if (state.until <= now) this.states.delete(window);
    await this.records.deleteMany({ until: { $lte: new Date(now) } });
  }
}
