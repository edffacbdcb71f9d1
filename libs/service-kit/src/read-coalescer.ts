/**
 * Reads of a value that other processes change (a stamp), shared between concurrent callers without ever
 * giving a caller a value older than its call: a caller passes `since` (when its request arrived, on the
 * `performance.now()` clock) and gets the result of a read that STARTED at or after `since`, so every
 * write acknowledged before the request arrived is in it. A caller that comes while a read started too
 * early is in flight waits for the next one, which starts as soon as that read ends: at most one read per
 * key is in flight, so 50 clients asking at once cost two reads, not fifty.
 */
interface Observation<V> {
  startedAt: number;
  value: V;
}

interface Flight<V> {
  startedAt: number;
  promise: Promise<V>;
}

interface Queued<V> {
  promise: Promise<V>;
  resolve: (v: V) => void;
  reject: (err: unknown) => void;
}

interface KeyState<V> {
  last?: Observation<V>;
  current?: Flight<V>;
  next?: Queued<V>;
}

/** Keys remembered at most; only keys with nothing in flight are forgotten. */
const MAX_KEYS = 10_000;

export class ReadCoalescer<K, V> {
  private readonly keys = new Map<K, KeyState<V>>();

  constructor(private readonly fetch: (key: K) => Promise<V>) {}

  /** The value as of a read that started at or after `since` (default: now). */
  read(key: K, since: number = performance.now()): Promise<V> {
    let s = this.keys.get(key);
    if (!s) {
      if (this.keys.size >= MAX_KEYS) this.forgetIdle();
      this.keys.set(key, (s = {}));
    }
    if (s.last && s.last.startedAt >= since) return Promise.resolve(s.last.value);
    if (s.current && s.current.startedAt >= since) return s.current.promise;
    if (s.current) {
      if (!s.next) {
        let resolve!: (v: V) => void;
        let reject!: (err: unknown) => void;
        const promise = new Promise<V>((ok, fail) => {
          resolve = ok;
          reject = fail;
        });
        s.next = { promise, resolve, reject };
      }
      return s.next.promise;
    }
    return this.start(key, s).promise;
  }

  private start(key: K, s: KeyState<V>): Flight<V> {
    const startedAt = performance.now();
    let promise: Promise<V>;
    try {
      promise = this.fetch(key);
    } catch (err) {
      promise = Promise.reject(err);
    }
    const flight: Flight<V> = { startedAt, promise };
    s.current = flight;
    const done = () => {
      if (s.current !== flight) return;
      s.current = undefined;
      const queued = s.next;
      s.next = undefined;
      if (queued) this.start(key, s).promise.then(queued.resolve, queued.reject);
    };
    flight.promise.then(
      (value) => {
        if (!s.last || s.last.startedAt < startedAt) s.last = { startedAt, value };
        done();
      },
      () => done(),
    );
    return flight;
  }

  private forgetIdle(): void {
    for (const [k, s] of this.keys) if (!s.current && !s.next) this.keys.delete(k);
  }
}

/**
 * One read function shared by concurrent callers (ReadCoalescer: never a value older than the call), each
 * caller given its own copy, so one caller changing what it got cannot reach another. Under a burst of
 * requests for one store, its record is read twice instead of once per request.
 */
export function coalescedRead<K, V>(fetch: (key: K) => PromiseLike<V>): (key: K) => Promise<V> {
  // A mongoose query runs again on each `then`: make it one promise first.
  const reads = new ReadCoalescer<K, V>(async (key) => fetch(key));
  return (key) => reads.read(key).then((v) => structuredClone(v));
}
