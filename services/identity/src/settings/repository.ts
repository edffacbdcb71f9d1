import mongoose, { type Connection, type Model } from 'mongoose';
import type { EventEnvelope } from '@turnbook/contracts';
import { isDuplicateKey, pendingEventsFields, upsertById, type EventBus } from '@turnbook/service-kit';

export interface GlobalSettingDoc {
  _id: 'global';
  app_version: string;
  body: string;
  updatedAt: Date;
}

/** The version a store (its store login) last acknowledged. */
export interface StoreSettingDoc {
  _id: number;
  app_version: string | null;
  updatedAt: Date;
}

const globalSchema = new mongoose.Schema<GlobalSettingDoc>(
  { _id: String, app_version: String, body: String, updatedAt: Date, ...pendingEventsFields },
  { versionKey: false },
);
const storeSchema = new mongoose.Schema<StoreSettingDoc>(
  { _id: Number, app_version: String, updatedAt: Date, ...pendingEventsFields },
  { versionKey: false },
);

export class SettingsRepository {
  private readonly global: Model<GlobalSettingDoc>;
  private readonly stores: Model<StoreSettingDoc>;

  constructor(db: Connection, private readonly bus: EventBus) {
    this.global = db.model<GlobalSettingDoc>('GlobalSetting', globalSchema, 'settings');
    this.stores = db.model<StoreSettingDoc>('StoreSetting', storeSchema, 'store_settings');
    bus.track(this.global);
    bus.track(this.stores);
  }

  getGlobal(): Promise<GlobalSettingDoc | null> {
    return this.global.findOne({ _id: 'global' }, { _pendingEvents: 0, _hasPending: 0 }).lean<GlobalSettingDoc>();
  }

  async saveGlobal(app_version: string, body: string, event: EventEnvelope): Promise<void> {
    await upsertById(this.global, 'global', { app_version, body, updatedAt: new Date(), ...this.bus.withEvents(event) });
    await this.bus.flush(this.global, 'global');
  }

  getStore(storeId: number): Promise<StoreSettingDoc | null> {
    return this.stores.findOne({ _id: storeId }, { _pendingEvents: 0, _hasPending: 0 }).lean<StoreSettingDoc>();
  }

  async saveStore(storeId: number, app_version: string | null, event?: EventEnvelope): Promise<void> {
    await upsertById(this.stores, storeId, { app_version, updatedAt: new Date(), ...(event ? this.bus.withEvents(event) : {}) });
    if (event) await this.bus.flush(this.stores, storeId);
  }

  /** Only when the store has no setting yet (a new store account starts at the current version). */
  async initStore(storeId: number, app_version: string): Promise<void> {
    try {
      await this.stores.create({ _id: storeId, app_version, updatedAt: new Date() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async removeStore(storeId: number): Promise<void> {
    await this.stores.deleteOne({ _id: storeId });
  }
}
