import type { ResponseOf } from '@turnbook/contracts';
import { isDayOffRecord } from '@turnbook/domain';
import type { StaffRepository } from '../staff/repository';
import type { StoreConfigs } from '../store-config/config-read-model';
import { holderStaff, isLive } from './claims';
import type { AppointmentRepository } from './repository';

type MyDay = ResponseOf<'GET myDayAcrossStores/{storeId}/{date}'>;

export interface MyDayDeps {
  staff: Pick<StaffRepository, 'ofUser'>;
  configs: Pick<StoreConfigs, 'read'>;
  appointments: Pick<AppointmentRepository, 'days'>;
}

/**
 * The caller's own day across the stores they work at (a staff record under their account at each): their
 * live appointments of that date at each store (its own date, in its own zone), labelled with the store, by
 * start. The router has checked they belong to the store they ask from; the other stores are theirs by
 * their own staff records, and only their own appointments are answered (docs/product/availability.md).
 */
export async function myDayAcrossStores(deps: MyDayDeps, userId: number | undefined, date: string): Promise<MyDay> {
  if (userId === undefined) return { appointments: [] };
  const records = await deps.staff.ofUser(userId);
  const lists = await Promise.all(
    records.map(async (rec) => {
      const [config, docs] = await Promise.all([deps.configs.read(rec.storeId), deps.appointments.days.read(rec.storeId, date)]);
      if (!config.store || config.store.status !== 'ON') return [];
      const storeName = config.store.name;
      return docs
        .filter((a) => !isDayOffRecord(a) && isLive(a) && holderStaff(a) === rec._id)
        .map((a) => ({
          id: a._id,
          storeId: rec.storeId,
          storeName,
          staffId: rec._id,
          date: a.date,
          start: a.start,
          end: a.end,
          startMin: a.startMin,
          status: a.status,
          services: (a.services ?? []).map((s) => s.name).join(', '),
          customerName: [a.customerFname, a.customerLname].filter(Boolean).join(' '),
        }));
    }),
  );
  return { appointments: lists.flat().sort((x, y) => x.startMin - y.startMin || x.storeName.localeCompare(y.storeName) || x.id - y.id) };
}
