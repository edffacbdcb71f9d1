import { DateTime } from 'luxon';

/** The world's store's zone; storeBody's hours open it Mondays and Tuesdays, 10 am to 6 pm. */
const ZONE = 'America/New_York';

/** The next `n` Mondays or Tuesdays from two days ahead: open at the world's stores, inside the online window. */
export function openDaysAhead(n = 2): string[] {
  const out: string[] = [];
  let d = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 2 });
  while (out.length < n) {
    if (d.weekday === 1 || d.weekday === 2) out.push(d.toISODate()!);
    d = d.plus({ days: 1 });
  }
  return out;
}

/** The first Monday from two days ahead (open, inside the online window). */
export function nextMonday(): string {
  let d = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 2 });
  while (d.weekday !== 1) d = d.plus({ days: 1 });
  return d.toISODate()!;
}
