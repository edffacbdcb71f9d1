import type { CustomerDoc, CustomerRepository } from '../customers/repository';

/** What the index reads: the store's version and recent changes, and customers. */
export type IndexSource = Pick<CustomerRepository, 'storeVersion' | 'changedBetween' | 'listByStore' | 'findById'>;

interface StoreEntry {
  /** The store's version this copy reflects: every write stamped up to it is in. */
  v: number;
  byId: Map<number, CustomerDoc>;
}

export interface CustomerIndexOptions {
  /** Most stores kept in memory; the least recently used go first. */
  maxStores: number;
}

/**
 * A per-store copy of the customers in this process, so a search ranks them in memory instead of asking
 * the database to match substrings (FerretDB filters regexes document by document). It is a cache with no
 * say in what is true: before every use it reads the store's version from the database (one read by
 * `_id`), and when another process (or this one) wrote since, it fetches the changed customers from the
 * store's change ring, or the whole store when too far behind. So a write acknowledged by any instance is
 * in the very next search of every instance.
 */
export class CustomerIndex {
  private readonly stores = new Map<number, StoreEntry>();
  private readonly refreshing = new Map<number, Promise<StoreEntry>>();

  constructor(
    private readonly source: IndexSource,
    private readonly opts: CustomerIndexOptions,
  ) {}

  /** The store's live customers by id, current as of this call. */
  async current(storeId: number): Promise<ReadonlyMap<number, CustomerDoc>> {
    const v = await this.source.storeVersion(storeId);
    const entry = this.stores.get(storeId);
    if (entry && entry.v === v) {
      // Most recently used last, for eviction.
      this.stores.delete(storeId);
      this.stores.set(storeId, entry);
      return entry.byId;
    }
    return (await this.refresh(storeId, v)).byId;
  }

  /** Forgets every store (tests; memory). */
  clear(): void {
    this.stores.clear();
  }

  /** One refresh per store at a time; a later one starts from what the earlier one brought. */
  private refresh(storeId: number, v: number): Promise<StoreEntry> {
    const before = this.refreshing.get(storeId) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(() => this.bringUpTo(storeId, v));
    this.refreshing.set(storeId, next);
    void next
      .finally(() => {
        if (this.refreshing.get(storeId) === next) this.refreshing.delete(storeId);
      })
      .catch(() => undefined);
    return next;
  }

  private async bringUpTo(storeId: number, v: number): Promise<StoreEntry> {
    const entry = this.stores.get(storeId);
    if (entry && entry.v === v) return entry;
    if (entry && entry.v < v) {
      const changed = await this.source.changedBetween(storeId, entry.v, v);
      if (changed) {
        // Read after the version: each is at least as new as version v.
        const docs = await Promise.all(changed.map((id) => this.source.findById(id)));
        changed.forEach((id, i) => {
          const doc = docs[i];
          if (doc && doc.storeId === storeId) entry.byId.set(id, doc);
          else entry.byId.delete(id);
        });
        entry.v = v;
        return entry;
      }
    }
    // The version was read before this list, so the list holds every write stamped up to it.
    const docs = await this.source.listByStore(storeId);
    const fresh: StoreEntry = { v, byId: new Map(docs.map((d) => [d._id, d])) };
    this.stores.set(storeId, fresh);
    while (this.stores.size > this.opts.maxStores) this.stores.delete(this.stores.keys().next().value as number);
    return fresh;
  }
}
