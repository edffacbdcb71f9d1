import mongoose, { type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from './errors';
import { RateLimitedError, type Limit } from './rate-limit';
import { secondsLeft, windowEnd, WindowStates } from './window-states';

/** Taken numbers in a row a claim tries past before counting the window's tickets. */
const NEXT_TRIES = 4;

interface Ticket {
  /** `<key>:<window end>:<number>` */
  _id: string;
  /** `<key>:<window end>`: the window the ticket counts in */
  window: string;
  until: Date;
}
const schema = new mongoose.Schema<Ticket>({ _id: String, window: String, until: Date }, { versionKey: false });
schema.index({ window: 1 });
schema.index({ until: 1 });

interface WindowState {
  until: number;
  /** the next number this instance hands out */
  next: number;
  /** numbers given back by refused calls, handed out first */
  free: number[];
  /** a recount in flight after another instance took a number first */
  catchingUp?: Promise<void>;
}

/**
 * At most `limit` calls per key in fixed windows on the clock, exact across instances, at a cost that does
 * not grow with the traffic it watches. A call holds a ticket: a document whose unique `_id` is its key, its
 * window and a number under the limit. An insert is atomic on FerretDB where an increment is not (200
 * parallel `$inc` of one counter counted 37), and counting a key's documents decodes each of them (a
 * thousand took 280 ms), so each call is one insert per key. Each instance hands out numbers from its own
 * hint; when another instance took one first, it tries the next few numbers (instances taking turns leave
 * them free), and only a longer run of taken numbers catches the hint up with one count of the window's
 * tickets. Past the limit, calls are refused without touching the database.
 */
export class ExactWindowLimiter {
  private readonly model: Model<Ticket>;
  private readonly windows: WindowStates<WindowState>;

  constructor(db: Connection, private readonly windowSeconds: number, collection: string) {
    const name = `ExactWindowLimiter_${collection}`;
    this.model = (db.models[name] as Model<Ticket> | undefined) ?? db.model<Ticket>(name, schema, collection);
    this.windows = new WindowStates(windowSeconds * 1000, this.model, (_window, until) => ({ until, next: 0, free: [] }), 0);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** Takes one ticket under every key; throws RateLimitedError (`what` + the wait) when any key is full. */
  async take(limits: Limit[], what: string, now = Date.now()): Promise<void> {
    const until = windowEnd(now, this.windowSeconds * 1000);
    const held: Array<{ state: WindowState; n: number; id: string }> = [];
    for (const [key, limit] of limits) {
      const got = await this.claim(`${key}:${until}`, until, limit);
      if (!got) {
        // A refused call gives back what it took under its other keys.
        await Promise.all(held.map(async (h) => {
          await this.model.deleteOne({ _id: h.id });
          h.state.free.push(h.n);
        }));
        throw new RateLimitedError(secondsLeft(until, now), what);
      }
      held.push(got);
    }
    await this.windows.sweepIfDue(now);
  }

  private async claim(window: string, until: number, limit: number) {
    const state = this.windows.of(window, until);
    let taken = 0;
    for (;;) {
      if (state.catchingUp) await state.catchingUp;
      const n = state.free.pop() ?? state.next++;
      if (n >= limit) {
        state.next = Math.max(state.next, limit);
        return null;
      }
      const id = `${window}:${n}`;
      try {
        await this.model.create({ _id: id, window, until: new Date(until) });
        return { state, n, id };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // With two instances in turn, every number one hands out was often just taken by the other: the
        // next is then free, where a count would decode every ticket of the window.
        if (++taken < NEXT_TRIES) continue;
        taken = 0;
        state.catchingUp ??= this.catchUp(window, state);
      }
    }
  }

  /** Another instance handed out numbers too: skip past as many as the window holds. */
  private async catchUp(window: string, state: WindowState) {
    try {
      const taken = await this.model.countDocuments({ window });
      state.next = Math.max(state.next, taken);
      state.free = state.free.filter((n) => n >= taken);
    } finally {
      state.catchingUp = undefined;
    }
  }
}
