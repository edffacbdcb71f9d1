import type { CustomerDoc, CustomerRepository } from '../customers/repository';
import { GramPostings } from './gram-postings';
import { nameOrder, pickSorted, prepare, type Prepared, type SearchQuery } from './matcher';

/** What the index reads: the store's version and recent changes, and customers. */
export type IndexSource = Pick<CustomerRepository, 'storeVersion' | 'changedBetween' | 'listByStore' | 'findById'>;

interface StoreEntry {
  /** The store's version this copy reflects: every write stamped up to it is in. */
  v: number;
  byId: Map<number, CustomerDoc>;
  /** The same customers in `nameOrder`, ready for scanning (a search stops at its first `limit` prefix matches). */
  sorted: Array<Prepared<CustomerDoc>>;
  /** Ids by the three-character pieces of their fields: a search ranks only the customers that may match. */
  grams: GramPostings;
  prepared: Map<number, Prepared<CustomerDoc>>;
}

/** Below this many candidates they are sorted by name; above, the sorted list is scanned for them. */
const SORT_CANDIDATES_BELOW = 2000;

/** Where `c` is or would go in `sorted` (binary search on `nameOrder`). */
function positionOf(sorted: ReadonlyArray<Prepared<CustomerDoc>>, c: CustomerDoc): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (nameOrder(sorted[mid].c, c) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function removeCustomer(entry: StoreEntry, c: CustomerDoc): void {
  const at = positionOf(entry.sorted, c);
  if (entry.sorted[at]?.c._id === c._id) entry.sorted.splice(at, 1);
  entry.grams.remove(c);
  entry.prepared.delete(c._id);
}

function addCustomer(entry: StoreEntry, c: CustomerDoc): void {
  const p = prepare(c);
  entry.sorted.splice(positionOf(entry.sorted, c), 0, p);
  entry.grams.add(c);
  entry.prepared.set(c._id, p);
}

function newEntry(v: number, docs: CustomerDoc[]): StoreEntry {
  const sorted = docs.map(prepare).sort((a, b) => nameOrder(a.c, b.c));
  const grams = new GramPostings();
  for (const d of docs) grams.add(d);
  return { v, byId: new Map(docs.map((d) => [d._id, d])), sorted, grams, prepared: new Map(sorted.map((p) => [p.c._id, p])) };
}

export interface CustomerIndexOptions {
  /** Most stores kept in memory; the least recently used go first. */
  maxStores: number;
}

/**
 * A per-store copy of the customers in this process, so a search ranks them in memory instead of asking
 * the database to match substrings (FerretDB filters regexes document by document). It is a cache with no
 * say in what is true: before every use it asks the database whether the store has a version after the
 * one it holds (reads by `_id`), and when another process (or this one) wrote since, it fetches the changed
 * customers from the store's change log, or the whole store when too far behind. So a write acknowledged by any instance is
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
    return (await this.entry(storeId)).byId;
  }

  /** The store's best `limit` matches of `q` (as `pickMatches` ranks them), current as of this call. */
  async search(storeId: number, q: SearchQuery, limit: number): Promise<CustomerDoc[]> {
    const entry = await this.entry(storeId);
    // A term found in many customers: the scan in name order meets `limit` prefix matches soon.
    const ids = entry.grams.candidates(q, entry.sorted.length / 8);
    if (!ids) return pickSorted(entry.sorted, q, limit);
    if (ids.length < SORT_CANDIDATES_BELOW) {
      const few = ids.map((id) => entry.prepared.get(id)).filter((p) => p !== undefined);
      return pickSorted(few.sort((a, b) => nameOrder(a.c, b.c)), q, limit);
    }
    const may = new Set(ids);
    return pickSorted(entry.sorted, q, limit, (c) => may.has(c._id));
  }

  private async entry(storeId: number): Promise<StoreEntry> {
    const known = this.stores.get(storeId)?.v;
    const v = await this.source.storeVersion(storeId, known);
    const entry = this.stores.get(storeId);
    if (entry && entry.v === v) {
      // Most recently used last, for eviction.
      this.stores.delete(storeId);
      this.stores.set(storeId, entry);
      return entry;
    }
    return this.refresh(storeId, v);
  }

  /**
   * Reads these stores into memory one after another, so the first search after a start does not wait for
   * its store's whole list (at 100,000 customers FerretDB takes about 27 s to list them). A search that comes
   * meanwhile shares the read in progress. Stops at the first failure or when `stopped()` says so.
   */
  async warm(storeIds: number[], stopped: () => boolean = () => false): Promise<number> {
    let warmed = 0;
    for (const storeId of storeIds.slice(0, this.opts.maxStores)) {
      if (stopped()) break;
      await this.entry(storeId);
      warmed += 1;
    }
    return warmed;
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
          const before = entry.byId.get(id);
          if (before) removeCustomer(entry, before);
          const doc = docs[i];
          if (doc && doc.storeId === storeId) {
            entry.byId.set(id, doc);
            addCustomer(entry, doc);
          } else entry.byId.delete(id);
        });
        entry.v = v;
        return entry;
      }
    }
    // The version was read before this list, so the list holds every write stamped up to it.
    const docs = await this.source.listByStore(storeId);
    const fresh = newEntry(v, docs);
    this.stores.set(storeId, fresh);
    while (this.stores.size > this.opts.maxStores) this.stores.delete(this.stores.keys().next().value as number);
    return fresh;
  }
}
