import type { EventData, EventEnvelope } from '@turnbook/contracts';
import type { EventBus, Logger } from '@turnbook/service-kit';
import type { CustomerDoc, CustomerRepository } from '../customers/repository';

type Snapshot = EventData<'customer.updated'>;

interface StoreEntry {
  byId: Map<number, CustomerDoc>;
  loadedAt: number;
  /** While loading: events that arrive meanwhile, replayed once the load is in. */
  queued?: EnvelopeLike[];
  loading?: Promise<void>;
}

type EnvelopeLike = Pick<EventEnvelope, 'type' | 'data'>;

export interface CustomerIndexOptions {
  enabled: boolean;
  /** After this age a store is reloaded in the background (bounds staleness if an event was missed). */
  ttlMs: number;
  /** Most stores kept in memory; the least recently used go first. */
  maxStores: number;
}

/**
 * An in-process, per-store copy of the customers, so searches answer in well under a millisecond.
 * FerretDB v1 (our local database) scans the whole collection for every query (no secondary index is
 * ever used), which takes hundreds of milliseconds at 10,000 customers; MongoDB would do with indexes,
 * but one code path is easier to trust. The database stays the source of truth:
 * - a store is loaded on first use, and reloaded in the background once older than `ttlMs`;
 * - our own writes are applied at once; other instances' writes arrive as customer events (core NATS
 *   subscription on the same subjects the outbox publishes to);
 * - while NATS is disconnected the index is dropped and searches go to the database.
 */
export class CustomerIndex {
  private readonly stores = new Map<number, StoreEntry>();
  private unsubscribe?: () => void;

  constructor(
    private readonly repo: CustomerRepository,
    private readonly bus: EventBus,
    private readonly log: Logger,
    private readonly opts: CustomerIndexOptions,
  ) {}

  /** Follows customer events and NATS connection changes. */
  start(): void {
    if (!this.opts.enabled) return;
    const nc = this.bus.connection;
    const sub = nc.subscribe('evt.customer.>', {
      callback: (err, msg) => {
        if (err) return;
        try {
          this.applyEvent(JSON.parse(msg.string()) as EnvelopeLike);
        } catch {
          // Not ours to judge; a malformed event must not stop the subscription.
        }
      },
    });
    let stopped = false;
    void (async () => {
      for await (const s of nc.status()) {
        if (stopped) break;
        // Events may have been missed while away: start again from the database.
        if (s.type === 'disconnect' || s.type === 'reconnect') this.clear();
      }
    })();
    this.unsubscribe = () => {
      stopped = true;
      sub.unsubscribe();
    };
  }

  stop(): void {
    this.unsubscribe?.();
    this.clear();
  }

  clear(): void {
    this.stores.clear();
  }

  /** True when searches may be answered from memory. */
  usable(): boolean {
    return this.opts.enabled && this.bus.isConnected();
  }

  /** The store's live customers, loading them first if needed. */
  async customersOf(storeId: number): Promise<Iterable<CustomerDoc>> {
    let entry = this.stores.get(storeId);
    if (!entry) {
      entry = { byId: new Map(), loadedAt: 0 };
      this.stores.set(storeId, entry);
      this.evictIfFull();
      await this.load(storeId, entry);
    } else {
      if (entry.loading && !entry.loadedAt) await entry.loading;
      if (Date.now() - entry.loadedAt > this.opts.ttlMs && !entry.loading) void this.load(storeId, entry);
      // Most recently used last, for eviction.
      this.stores.delete(storeId);
      this.stores.set(storeId, entry);
    }
    return entry.byId.values();
  }

  /** A customer of a store already in memory, without loading anything (undefined if not known here). */
  peek(id: number): CustomerDoc | undefined {
    if (!this.usable()) return undefined;
    for (const entry of this.stores.values()) {
      if (!entry.loadedAt) continue;
      const c = entry.byId.get(id);
      if (c) return c;
    }
    return undefined;
  }

  /** Applies one of our own writes at once (its event will come back too; applying twice is harmless). */
  put(c: CustomerDoc): void {
    const entry = this.stores.get(c.storeId);
    if (!entry) return;
    if (entry.queued) entry.queued.push({ type: 'customer.updated', data: snapshotOf(c) });
    putNewer(entry.byId, c);
  }

  remove(storeId: number, id: number): void {
    const entry = this.stores.get(storeId);
    if (!entry) return;
    if (entry.queued) entry.queued.push({ type: 'customer.deleted', data: { customerId: id, storeId } });
    entry.byId.delete(id);
  }

  private applyEvent(env: EnvelopeLike): void {
    const data = env.data as { storeId?: number };
    const entry = typeof data?.storeId === 'number' ? this.stores.get(data.storeId) : undefined;
    if (!entry) return;
    if (entry.queued) entry.queued.push(env);
    applyTo(entry.byId, env);
  }

  private load(storeId: number, entry: StoreEntry): Promise<void> {
    entry.queued = [];
    entry.loading = (async () => {
      try {
        const docs = await this.repo.listByStore(storeId);
        const byId = new Map(docs.map((d) => [d._id, d]));
        for (const env of entry.queued ?? []) applyTo(byId, env);
        entry.byId = byId;
        entry.loadedAt = Date.now();
      } catch (err) {
        this.log.warn({ err: String(err), storeId }, 'customer index load failed');
        if (!entry.loadedAt) this.stores.delete(storeId);
        throw err;
      } finally {
        entry.queued = undefined;
        entry.loading = undefined;
      }
    })();
    entry.loading.catch(() => undefined);
    return entry.loading;
  }

  private evictIfFull(): void {
    while (this.stores.size > this.opts.maxStores) {
      const oldest = this.stores.keys().next().value as number;
      this.stores.delete(oldest);
    }
  }
}

function snapshotOf(c: CustomerDoc): Snapshot {
  return {
    customerId: c._id, storeId: c.storeId, fname: c.fname, lname: c.lname, phone: c.phone, email: c.email,
    status: c.status, fav_staffId: c.fav_staffId, book_with_fav_staff: c.book_with_fav_staff, visited: c.visited,
    color: c.color, updated_at: new Date(c.updated_at).toISOString(),
  };
}

/** Keeps whichever version is newer, so an old event never overwrites a fresher copy. */
function putNewer(byId: Map<number, CustomerDoc>, c: CustomerDoc): void {
  const had = byId.get(c._id);
  if (had && new Date(had.updated_at).getTime() > new Date(c.updated_at).getTime()) return;
  byId.set(c._id, c);
}

function applyTo(byId: Map<number, CustomerDoc>, env: EnvelopeLike): void {
  switch (env.type) {
    case 'customer.created':
    case 'customer.updated': {
      const s = env.data as Snapshot;
      const had = byId.get(s.customerId);
      putNewer(byId, {
        _id: s.customerId, storeId: s.storeId, fname: s.fname, lname: s.lname, email: s.email, phone: s.phone,
        status: s.status, fav_staffId: s.fav_staffId, book_with_fav_staff: s.book_with_fav_staff === 1 ? 1 : 0,
        visited: s.visited, color: s.color, created_at: had?.created_at ?? new Date(s.updated_at),
        updated_at: new Date(s.updated_at), merged_into: null,
      });
      break;
    }
    case 'customer.deleted':
      byId.delete((env.data as EventData<'customer.deleted'>).customerId);
      break;
    case 'customer.merged':
      byId.delete((env.data as EventData<'customer.merged'>).removedId);
      break;
  }
}
