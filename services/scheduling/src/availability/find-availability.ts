import type { QueryOf, ResponseOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import type { AvailabilityMode } from '@turnbook/contracts/schemas/appointments';
import { slotsOf, wallMinuteAt } from '@turnbook/domain';
import { notFound } from '@turnbook/service-kit';
import type { AppointmentRepository } from '../appointments/repository';
import type { StoreConfigs } from '../store-config/config-read-model';
import { availabilityOf, pickServices } from './day-inputs';

/**
 * The store, staff and services come from the instance's copy (checked against the store's config stamp),
 * the day from its own copy: two small reads by `_id`. Online requests do not use this: their claims decide.
 */
export interface FindAvailabilityDeps {
  configs: Pick<StoreConfigs, 'read'>;
  appointments: Pick<AppointmentRepository, 'days'>;
}

type Query = QueryOf<'GET availability/{storeId}/{date}'> | QueryOf<'GET staffAvailability/{storeId}/{date}'>;

/** 8888 and 0 ask for anyone, as an absent staffId does. */
const ANYONE = new Set([0, 8888]);

/**
 * The start times of a store's date for the services asked (the wizard, Store Details, the booking page):
 * each with whether a staff member is free for the whole length and which one.
 */
export async function findAvailability(deps: FindAvailabilityDeps, storeId: number, date: string, query: Query, mode: AvailabilityMode): Promise<ResponseOf<'GET availability/{storeId}/{date}'>> {
  const [config, docs] = await Promise.all([deps.configs.read(storeId), deps.appointments.days.read(storeId, date)]);
  const { store } = config;
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  const services = pickServices(config.services, query.serviceIds, mode);
  const durations = services.map((s) => s.duration);
  const staffId = query.staffId !== undefined && !ANYONE.has(query.staffId) ? query.staffId : null;
  const staff = config.staff.filter((e) => !e.archived);
  const r = availabilityOf(store, staff, docs, { date, mode, durationMinutes: durations, staffId, excludeAppointmentId: query.appointmentId ?? null });
  return {
    date,
    duration: durations.reduce((a, b) => a + b, 0),
    slots: slotsOf(r).map((s) => ({ start: s.time, startMin: wallMinuteAt(r.day, s.step), free: s.free, staffId: s.free && s.staffId !== null ? Number(s.staffId) : null })),
  };
}
