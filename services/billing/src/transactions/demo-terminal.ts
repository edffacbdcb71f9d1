import { DateTime } from 'luxon';
import { toMinutes } from '@turnbook/domain';
import type { CheckoutDoc, CheckoutsRepository } from '../transactions/repository';
import type { StaffRepository } from '../staff/repository';
import type { StoresRepository } from '../stores/repository';
import type { CardTerminal, TerminalDay } from './terminal';

const DEFAULT_ZONE = 'America/New_York';

/**
 * The local stand-in for a salon's terminal: one card payment per checked-out appointment, for its sale,
 * taken by its staff member when the check-out was made (a check-out at 3:24 am is a payment at 3:24 am,
 * whenever the appointment ends). It reads billing's read models of scheduling's events, never scheduling
 * itself. Check-outs kept before their time was are placed at their appointment's end (store's zone).
 */
export function demoTerminal(deps: { checkouts: CheckoutsRepository; staff: StaffRepository; stores: StoresRepository }): CardTerminal {
  return {
    name: 'demo',
    async paymentsOf(storeId, fromMillis, toMillis): Promise<TerminalDay> {
      const zone = (await deps.stores.byId(storeId))?.timezone || DEFAULT_ZONE;
      // The days the window touches, in the store's zone (one, unless it spans a midnight).
      const days = new Set<string>();
      for (let t = DateTime.fromMillis(fromMillis, { zone }).startOf('day'); t.toMillis() < toMillis; t = t.plus({ days: 1 })) days.add(t.toISODate()!);
      const [paid, undated] = await Promise.all([deps.checkouts.paidBetween(storeId, fromMillis, toMillis), deps.checkouts.undatedOfDays(storeId, [...days])]);
      const staff = new Map((await deps.staff.ofStore(storeId)).map((s) => [s.staffId, s]));
      const paidAt = (c: CheckoutDoc) =>
        c.paidAt ? Date.parse(c.paidAt) : DateTime.fromISO(c.date, { zone }).startOf('day').plus({ minutes: toMinutes(c.end) ?? 0 }).toMillis();
      const transactions = [...paid, ...undated]
        .map((c) => ({ id: `demo_${c._id}`, amount: c.sale, clientCreatedTime: paidAt(c), employee: staff.has(c.staffId) ? { id: String(c.staffId) } : null }))
        .filter((t) => t.clientCreatedTime >= fromMillis && t.clientCreatedTime < toMillis)
        .sort((a, b) => a.clientCreatedTime - b.clientCreatedTime);
      const used = new Set(transactions.map((t) => t.employee?.id).filter(Boolean));
      const employees = [...staff.values()]
        .filter((s) => used.has(String(s.staffId)))
        .map((s) => ({ id: String(s.staffId), name: `${s.fname} ${s.lname}`.trim() || s.nickname, nickname: s.nickname || null }));
      return { employees: { elements: employees }, transactions: { elements: transactions } };
    },
  };
}
