import type { QueryOf, ResponseOf } from '@turnbook/contracts';
import { findAvailability, type FindAvailabilityDeps } from './find-availability';

type Days = ResponseOf<'GET availabilityDays/{storeId}/{date}'>;
type Favourite = Parameters<typeof findAvailability>[6];

/** 'YYYY-MM-DD' plus n calendar days. */
const plusDays = (date: string, n: number) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

/**
 * The booking page's strip of days: each date's count of free starts online for the same question (services,
 * staff, the customer's favourite). Each day is the engine's own answer for that date (cached per day as
 * `availability` is), so a strip of 14 days costs one request instead of 14.
 */
export async function availabilityDays(
  deps: FindAvailabilityDeps,
  storeId: number,
  from: string,
  query: QueryOf<'GET availabilityDays/{storeId}/{date}'>,
  since: number,
  favourite: Favourite,
): Promise<Days> {
  const { days, ...ask } = query;
  const dates = Array.from({ length: days }, (_, i) => plusDays(from, i));
  const answers = await Promise.all(dates.map((date) => findAvailability(deps, storeId, date, ask, 'online', since, favourite)));
  return { days: answers.map(({ value }) => ({ date: value.date, duration: value.duration, free: value.slots.filter((s) => s.free).length })) };
}
