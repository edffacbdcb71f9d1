import type { Connection, Model } from 'mongoose';
import { insertWithNumericId, coalescedRead } from '@turnbook/service-kit';
import type { ConfigStamps } from '../store-config/config-read-model';
import { serviceModel, type ServiceDoc } from './model';

export type NewService = Omit<ServiceDoc, '_id' | 'created_at' | 'updated_at'>;

export class ServiceRepository {
  readonly model: Model<ServiceDoc>;

  constructor(db: Connection, private readonly config: Pick<ConfigStamps, 'touch'>) {
    this.model = serviceModel(db);
  }

  /** A live (not deleted) service. */
  byId(id: number): Promise<ServiceDoc | null> {
    return this.model.findOne({ _id: id, status: 'ON' }).lean<ServiceDoc>();
  }

  /** Live services of a store in display order; `types` narrows by type. */
  ofStore(storeId: number, types?: string[]): Promise<ServiceDoc[]> {
    return this.servicesOf(JSON.stringify([storeId, types ?? null]));
  }

  // Concurrent callers share one read that started after they called (a burst of online requests).
  private readonly servicesOf = coalescedRead((key: string) => {
    const [storeId, types] = JSON.parse(key) as [number, string[] | null];
    const filter: Record<string, unknown> = { storeId, status: 'ON' };
    if (types) filter.type = { $in: types };
    return this.model.find(filter).sort({ sortIndex: 1, _id: 1 }).lean<ServiceDoc[]>();
  });

  async nextSortIndex(storeId: number): Promise<number> {
    const last = await this.model.findOne({ storeId, status: 'ON' }, { sortIndex: 1 }).sort({ sortIndex: -1 }).lean();
    return last ? last.sortIndex + 1 : 0;
  }

  async insert(service: NewService): Promise<ServiceDoc> {
    const saved = await insertWithNumericId<ServiceDoc>(this.model, service as Omit<ServiceDoc, '_id'>, 'services', 1);
    await this.config.touch(saved.storeId);
    return saved;
  }

  async update(id: number, changes: Partial<NewService>): Promise<ServiceDoc | null> {
    await this.model.updateOne({ _id: id }, { $set: changes });
    const saved = await this.model.findById(id).lean<ServiceDoc>();
    if (saved) await this.config.touch(saved.storeId);
    return saved;
  }
}
