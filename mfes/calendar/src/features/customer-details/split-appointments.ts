import { DateTime } from 'luxon';

/** How far back a customer's history reaches, and how many past appointments it shows (docs/product/constants.md). */
export const HISTORY_MONTHS = 72;
export const PAST_SHOWN = 15;

type Dated = { date: string; startMin: number };

/**
 * A customer's appointments split for the customer details: upcoming (today and later, soonest first) and
 * past (the latest 15 of the last 72 months, newest first). `today` is the store's date.
 */
export function splitCustomerAppointments<A extends Dated>(list: readonly A[], today: string): { upcoming: A[]; past: A[] } {
  const from = DateTime.fromISO(today).minus({ months: HISTORY_MONTHS }).toISODate()!;
  const byTime = [...list].sort((x, y) => x.date.localeCompare(y.date) || x.startMin - y.startMin);
  return {
    upcoming: byTime.filter((a) => a.date >= today),
    past: byTime.filter((a) => a.date < today && a.date >= from).reverse().slice(0, PAST_SHOWN),
  };
}
