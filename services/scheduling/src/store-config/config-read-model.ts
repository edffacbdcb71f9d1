import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { CardPolicy, StoreAccess } from '@turnbook/domain';
import { accessFrom, ReadCoalescer, upsertById, type Caller, type StampChangeBroadcast, type StoreAccessSource, type StoreMembers } from '@turnbook/service-kit';
import { snapshotOf } from '../memberships/membership-snapshot';
import type { ServiceDoc } from '../services/model';
import type { EmployeeDoc } from '../staff/model';
import type { StaffRecordRef } from '../staff/model';
import type { StoreDoc } from '../stores/model';

/**
 * A store's configuration (the store, all its staff, its live services, its card policy) kept in each
 * instance, so reads that only shape an answer (availability, the calendar's day) skip three queries per call
 * and an online request reads its card policy without a query of its own. It works as
 * the day read model does (../appointments/day-read-model.ts): every write of a store, staff member or
 * service sets the store's config stamp to a new value AFTER the write; a read takes the stamp FIRST and
 * uses its copy only when made under that same stamp. So an instance never answers from a copy older than
 * a write acknowledged before the read began, whichever instance made it. Online requests are still decided
 * by their claims, on the database; the card policy they must meet is read from here (never older than the
 * request: its copy's writer touches the stamp, ../online-requests/card-policies.ts). Availability may take
 * a stamp a little older (`recent`, through the stamp-change broadcast: docs/decisions.md); access never does.
 */
interface ConfigStampDoc {
  _id: number;
  v: string;
}

const stampSchema = new mongoose.Schema<ConfigStampDoc>({ _id: Number, v: String }, { versionKey: false });

export class ConfigStamps {
  readonly model: Model<ConfigStampDoc>;
  /** Concurrent readers of one store share stamp reads (never one started before their request). */
  private readonly reads: ReadCoalescer<number, string>;

  constructor(db: Connection, private readonly feed?: StampChangeBroadcast) {
    this.model = (db.models.StoreConfigStamp as Model<ConfigStampDoc>) ?? db.model<ConfigStampDoc>('StoreConfigStamp', stampSchema, 'store_config_stamps');
    this.reads = new ReadCoalescer(async (storeId) => (await this.model.findById(storeId).lean<ConfigStampDoc>())?.v ?? '');
  }

  /** Marks a store's configuration as changed; call after the write has been acknowledged. */
  async touch(storeId: number): Promise<void> {
    await upsertById(this.model, storeId, { v: randomUUID() });
    await this.feed?.changed(feedKey(storeId));
  }

  /**
   * The store's stamp as of a read started at or after `since` (performance.now(); default now); '' for a
   * store never written through the service (a first write changes it).
   */
  current(storeId: number, since?: number): Promise<string> {
    return this.reads.read(storeId, since);
  }

  /** The stamp as `current` gives it, or one read after the last change heard through the feed (see `StampChangeBroadcast`). */
  recent(storeId: number, receivedAt: number): Promise<string> {
    return this.feed ? this.feed.read(this.reads, storeId, feedKey(storeId), receivedAt) : this.reads.read(storeId, receivedAt);
  }
}

const feedKey = (storeId: number) => `config:${storeId}`;

export interface StoreConfig {
  /** the stamp this copy was made under (changes with every write of the store, its staff or services) */
  v: string;
  store: StoreDoc | null;
  /** every staff member, archived too, by sortIndex then id */
  staff: EmployeeDoc[];
  staffById: Map<number, EmployeeDoc>;
  /** live services by sortIndex then id */
  services: ServiceDoc[];
  /**
   * Staff members here whose user account is staff at other stores too, with their records there (the
   * availability engine reads their time booked there). Empty for a store with no shared staff.
   */
  elsewhere: Map<number, StaffRecordRef[]>;
  /** which online requests hold a card (billing's, as last announced) */
  cardPolicy: CardPolicy;
}

export interface ConfigSources {
  stores: { byId(id: number): Promise<StoreDoc | null> };
  staff: { ofStore(storeId: number, archived: 'any'): Promise<EmployeeDoc[]>; ofUser(userId: number): Promise<EmployeeDoc[]> };
  services: { ofStore(storeId: number): Promise<ServiceDoc[]> };
  cardPolicies: { of(storeId: number): Promise<CardPolicy> };
}

/** Most stores kept in memory per instance; the least recently read go first. */
const MEMORY_STORES = 1000;

export class StoreConfigs implements StoreAccessSource {
  private readonly memory = new Map<number, StoreConfig>();
  /** Loads under way, by store and stamp: callers wanting the same copy wait for one load. */
  private readonly loading = new Map<string, Promise<StoreConfig>>();
  /** Each copy's members, as the membership snapshot would list them. */
  private readonly members = new WeakMap<StoreConfig, StoreMembers>();

  constructor(private readonly stamps: Pick<ConfigStamps, 'current' | 'recent'>, private readonly sources: ConfigSources) {}

  /**
   * The store's configuration as of a stamp read started at or after `since` (the request's arrival;
   * default now): one query by `_id` when the copy is current, none when a read since then is known.
   */
  async read(storeId: number, since?: number): Promise<StoreConfig> {
    return this.under(storeId, await this.stamps.current(storeId, since));
  }

  /** Starts the stamp read `read` will need for a request that arrived at `since` (its answer is not used here). */
  prefetch(storeId: number, since: number): void {
    this.stamps.current(storeId, since).catch(() => undefined);
  }

  /**
   * The configuration as `read` gives it, or under a stamp read after the last change heard through the
   * feed (availability only: access checks use `read`, through `accessFor`).
   */
  async recent(storeId: number, receivedAt: number): Promise<StoreConfig> {
    return this.under(storeId, await this.stamps.recent(storeId, receivedAt));
  }

  private under(storeId: number, v: string): StoreConfig | Promise<StoreConfig> {
    const mem = this.memory.get(storeId);
    if (mem && mem.v === v) {
      this.memory.delete(storeId);
      this.memory.set(storeId, mem); // most recently used last
      return mem;
    }
    const key = `${storeId}:${v}`;
    let load = this.loading.get(key);
    if (!load) {
      load = this.load(storeId, v).finally(() => this.loading.delete(key));
      this.loading.set(key, load);
    }
    return load;
  }

  /**
   * The caller's access to the store from the same copy the answer is shaped from: the store's owner,
   * status and staff are the membership read model's sources, and the copy is never older than the request.
   */
  async accessFor(caller: Caller, storeId: number, since?: number): Promise<StoreAccess | null> {
    const config = await this.read(storeId, since);
    const { store } = config;
    // Still being created: the membership read model does not have it yet, so nobody has access.
    if (!store || store.status === 'PENDING') return null;
    let members = this.members.get(config);
    if (!members) this.members.set(config, (members = snapshotOf(store, config.staff)));
    return accessFrom(members, caller, storeId);
  }

  /**
   * Each account staff member's records at other stores: one read by user per account, made when the copy
   * is (a staff record added at another store touches this store's stamp too: ../staff/repository.ts).
   */
  private async elsewhereOf(storeId: number, staff: EmployeeDoc[]): Promise<Map<number, StaffRecordRef[]>> {
    const out = new Map<number, StaffRecordRef[]>();
    const withAccount = staff.filter((e) => e.userId != null);
    const records = await Promise.all(withAccount.map((e) => this.sources.staff.ofUser(e.userId!)));
    withAccount.forEach((e, i) => {
      const there = records[i].filter((r) => r.storeId !== storeId).map((r) => ({ staffId: r._id, storeId: r.storeId }));
      if (there.length) out.set(e._id, there);
    });
    return out;
  }

  private async load(storeId: number, v: string): Promise<StoreConfig> {
    const [store, staff, services, cardPolicy] = await Promise.all([
      this.sources.stores.byId(storeId),
      this.sources.staff.ofStore(storeId, 'any'),
      this.sources.services.ofStore(storeId),
      this.sources.cardPolicies.of(storeId),
    ]);
    const config: StoreConfig = { v, store, staff, staffById: new Map(staff.map((e) => [e._id, e])), services, elsewhere: await this.elsewhereOf(storeId, staff), cardPolicy };
    this.memory.delete(storeId);
    this.memory.set(storeId, config);
    if (this.memory.size > MEMORY_STORES) this.memory.delete(this.memory.keys().next().value as number);
    return config;
  }
}
