import type { QueryOf, ResponseOf } from '@turnbook/contracts';
import { MESSAGES } from '@turnbook/contracts';
import type { AvailabilityMode } from '@turnbook/contracts/schemas/appointments';
import { nowKey, ONLINE_COLUMN, slotsOf, storeDay, TBD_COLUMN, wallMinuteAt, type StoreDay } from '@turnbook/domain';
import { AppError, notFound, PreparedJson } from '@turnbook/service-kit';
import type { AppointmentDoc } from '../appointments/model';
import type { AppointmentRepository } from '../appointments/repository';
import type { StoreConfig, StoreConfigs } from '../store-config/config-read-model';
import { busyElsewhere } from './busy-elsewhere';
import { availabilityOf, pickServices } from './day-inputs';

type Answer = ResponseOf<'GET availability/{storeId}/{date}'>;

/** Most answers kept per copy of a day and config (queries differ by services, staff and time). */
const ANSWERS_PER_DAY = 256;

/**
 * Answers per copy of the day (the read model gives the same array while the day's stamp is unchanged),
 * per copy of the store's configuration and per query and time key (nowKey): 50 clients asking for the
 * same day cost one run of the engine and one serialization. Weak keys: answers go with their copies.
 * Nothing is decided from these: online requests are decided by their claims.
 */
export class AvailabilityAnswers {
  private readonly built = new WeakMap<AppointmentDoc[], WeakMap<object, Map<string, PreparedJson<Answer>>>>();
  /** The store's day (its hours in its zone) per copy of the config and date: luxon's work, once. */
  private readonly days = new WeakMap<object, Map<string, StoreDay>>();

  dayOf(config: object, date: string, make: () => StoreDay): StoreDay {
    let byDate = this.days.get(config);
    if (!byDate) this.days.set(config, (byDate = new Map()));
    let day = byDate.get(date);
    if (!day) {
      if (byDate.size >= ANSWERS_PER_DAY) byDate.clear();
      byDate.set(date, (day = make()));
    }
    return day;
  }

  answer(docs: AppointmentDoc[], config: object, key: string, build: () => Answer): PreparedJson<Answer> {
    let byConfig = this.built.get(docs);
    if (!byConfig) this.built.set(docs, (byConfig = new WeakMap()));
    let byKey = byConfig.get(config);
    if (!byKey) byConfig.set(config, (byKey = new Map()));
    let out = byKey.get(key);
    if (!out) {
      if (byKey.size >= ANSWERS_PER_DAY) byKey.clear();
      byKey.set(key, (out = new PreparedJson(build())));
    }
    return out;
  }
}

/**
 * The store, staff and services come from the instance's copy, the day from its own copy, each under a
 * stamp that may be a little older than the request (`recent`: the last change heard through the stamp
 * feed is always in it; docs/decisions.md), so most answers need no database round trip. Online requests
 * do not use this: their claims decide. Access to staffAvailability is checked by the router on a fresh read.
 */
export interface FindAvailabilityDeps {
  configs: Pick<StoreConfigs, 'recent' | 'read'>;
  appointments: Pick<AppointmentRepository, 'days'>;
  availabilityAnswers: AvailabilityAnswers;
}

type Query = QueryOf<'GET availability/{storeId}/{date}'> | QueryOf<'GET staffAvailability/{storeId}/{date}'>;

const NOT_SHARED = { busy: undefined, key: '' };

/** Online (8888) and To Be Determined (0) ask for anyone, as an absent staffId does. */
const ASKS_FOR_ANYONE = new Set([TBD_COLUMN, ONLINE_COLUMN]);

/**
 * The services asked for, from a copy of the store's configuration that may be a moment old (the stamp feed).
 * One it does not offer may have been added on another instance in that moment: before refusing it, the
 * configuration is read again as of the request's arrival, so a service is bookable on every instance as
 * soon as its creation was answered.
 */
export async function servicesAsked(deps: FindAvailabilityDeps, recent: StoreConfig, storeId: number, serviceIds: string, mode: AvailabilityMode, since: number) {
  const offered = (config: StoreConfig) => {
    const { store } = config;
    if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
    return { config, store, services: pickServices(config.services, serviceIds, mode) };
  };
  try {
    return offered(recent);
  } catch (e) {
    if (!(e instanceof AppError)) throw e; // a refusal is read again; a bug is not retried
    return offered(await deps.configs.read(storeId, since));
  }
}

/**
 * The start times of a store's date for the services asked (the wizard, Store Details, the booking page):
 * each with whether a staff member is free for the whole length and which one. `since`: the request's
 * arrival (performance.now()).
 */
export async function findAvailability(
  deps: FindAvailabilityDeps,
  storeId: number,
  date: string,
  query: Query,
  mode: AvailabilityMode,
  since = performance.now(),
  favourite: { staffId: number | null; bookWithFavourite: boolean } | null = null,
): Promise<PreparedJson<Answer>> {
  const [recent, docs] = await Promise.all([deps.configs.recent(storeId, since), deps.appointments.days.recent(storeId, date, since)]);
  const { config, store, services } = await servicesAsked(deps, recent, storeId, query.serviceIds, mode, since);
  const staffId = query.staffId !== undefined && !ASKS_FOR_ANYONE.has(query.staffId) ? query.staffId : null;
  const day = deps.availabilityAnswers.dayOf(config, date, () => storeDay(store.timezone || 'America/New_York', date, store.hours));
  // Staff who also work at other stores: their time held there (nothing read when the store has none).
  const away = config.elsewhere.size ? await busyElsewhere(deps, config, day, since) : NOT_SHARED;
  const now = Date.now();
  const fav = favourite?.bookWithFavourite && favourite.staffId ? favourite.staffId : '';
  const key = [mode, services.map((s) => s._id).join(','), staffId ?? '', query.appointmentId ?? '', fav, nowKey(day, now), away.key].join('|');
  return deps.availabilityAnswers.answer(docs, config, key, () => {
    const durations = services.map((s) => s.duration);
    const r = availabilityOf(store, config.staff, docs, { date, mode, durationMinutes: durations, staffId, excludeAppointmentId: query.appointmentId ?? null, day, now, favourite, busyElsewhere: away.busy });
    return {
      date,
      duration: durations.reduce((a, b) => a + b, 0),
      slots: slotsOf(r).map((s) => ({ start: s.time, startMin: wallMinuteAt(r.day, s.step), free: s.free, staffId: s.free && s.staffId !== null ? Number(s.staffId) : null })),
    };
  });
}
