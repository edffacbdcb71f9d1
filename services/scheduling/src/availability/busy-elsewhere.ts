import { datesTouched, heldInstants, storeDay, type StoreDay, type TimeRange } from '@turnbook/domain';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import type { StoreConfig, StoreConfigs } from '../store-config/config-read-model';

export interface BusyElsewhereDeps {
  configs: Pick<StoreConfigs, 'recent'>;
  appointments: Pick<AppointmentRepository, 'days'>;
}

/** Each copy of a day gets a serial, so a cached answer's key names the copies of other stores it read. */
const serials = new WeakMap<object, number>();
let lastSerial = 0;
function serialOf(docs: object): number {
  let n = serials.get(docs);
  if (n === undefined) serials.set(docs, (n = ++lastSerial));
  return n;
}

/** A staff record's held instants per copy of its store's day (weak: they go with the copy). */
const held = new WeakMap<AppointmentDoc[], Map<number, TimeRange[]>>();
function heldBy(zone: string, date: string, docs: AppointmentDoc[], staffId: number): TimeRange[] {
  let byStaff = held.get(docs);
  if (!byStaff) held.set(docs, (byStaff = new Map()));
  let out = byStaff.get(staffId);
  if (!out) byStaff.set(staffId, (out = heldInstants(storeDay(zone, date, null), docs, staffId)));
  return out;
}

/**
 * For a store's day: the time each staff member here is held at the other stores they work at (their
 * appointments, 'anyone' requests claimed for them, day-off records), read from those stores' day copies
 * as availability reads its own (`recent`). `key` names the copies read, for the answer's cache. A store
 * with no shared staff reads nothing (docs/product/availability.md, "Staff at several stores").
 */
export async function busyElsewhere(deps: BusyElsewhereDeps, config: StoreConfig, day: StoreDay, since: number): Promise<{ busy: Map<number, TimeRange[]>; key: string }> {
  const busy = new Map<number, TimeRange[]>();
  if (!config.elsewhere.size) return { busy, key: '' };
  const read: string[] = [];
  await Promise.all(
    [...config.elsewhere].map(async ([here, records]) => {
      const ranges: TimeRange[] = [];
      for (const rec of records) {
        const other = await deps.configs.recent(rec.storeId, since);
        const zone = other.store?.timezone || 'America/New_York';
        for (const date of datesTouched(zone, day.startMs, day.endMs)) {
          const docs = await deps.appointments.days.recent(rec.storeId, date, since);
          read.push(`${rec.storeId}:${date}:${serialOf(docs)}`);
          ranges.push(...heldBy(zone, date, docs, rec.staffId));
        }
      }
      if (ranges.length) busy.set(here, ranges);
    }),
  );
  return { busy, key: [...new Set(read)].sort().join(',') };
}
