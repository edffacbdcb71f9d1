import type { QueryOf, ResponseOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import type { AvailabilityMode } from '@turnbook/contracts/schemas/appointments';
import { slotsOf, wallMinuteAt } from '@turnbook/domain';
import { notFound } from '@turnbook/service-kit';
import type { StoreRepository } from '../stores/repository';
import { servicesAsked, storeAvailability, type DayInputsDeps } from './day-inputs';

export interface FindAvailabilityDeps extends DayInputsDeps {
  stores: Pick<StoreRepository, 'byId'>;
}

type Query = QueryOf<'GET availability/{storeId}/{date}'> | QueryOf<'GET staffAvailability/{storeId}/{date}'>;

/** 8888 and 0 ask for anyone, as an absent staffId does. */
const ANYONE = new Set([0, 8888]);

/**
 * The start times of a store's date for the services asked (the wizard, Store Details, the booking page):
 * each with whether a staff member is free for the whole length and which one.
 */
export async function findAvailability(deps: FindAvailabilityDeps, storeId: number, date: string, query: Query, mode: AvailabilityMode): Promise<ResponseOf<'GET availability/{storeId}/{date}'>> {
  const store = await deps.stores.byId(storeId);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  const services = await servicesAsked(deps, storeId, query.serviceIds, mode);
  const durations = services.map((s) => s.duration);
  const staffId = query.staffId !== undefined && !ANYONE.has(query.staffId) ? query.staffId : null;
  const r = await storeAvailability(deps, store, { date, mode, durationMinutes: durations, staffId, excludeAppointmentId: query.appointmentId ?? null });
  return {
    date,
    duration: durations.reduce((a, b) => a + b, 0),
    slots: slotsOf(r).map((s) => ({ start: s.time, startMin: wallMinuteAt(r.day, s.step), free: s.free, staffId: s.free && s.staffId !== null ? Number(s.staffId) : null })),
  };
}
