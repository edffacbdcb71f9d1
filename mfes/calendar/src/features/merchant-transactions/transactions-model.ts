import type { z } from 'zod';
import type { TransactionsResponse } from '@turnbook/contracts/schemas/billing';
import { formatCents } from '@turnbook/domain/money/money';

export type Transactions = z.infer<typeof TransactionsResponse>;

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
function offsetAt(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(instant);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(instant / 1000) * 1000;
}

/** The instant the day YYYY-MM-DD starts in the store's zone, in ms (what getMerchantTransactions takes). */
export function dayStartMillis(date: string, zone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!);
  // Twice: the offset at the guess may differ from the offset at midnight across a DST change.
  const first = wall - offsetAt(zone, wall);
  return wall - offsetAt(zone, first);
}

export interface TransactionRow {
  id: string;
  /** dollars with cents, e.g. '$45.00' */
  amount: string;
  /** the time in the store's zone, e.g. '2:05 PM' */
  time: string;
  /** the employee's nickname (their name when they have none); '—' for a payment taken without a sign-in */
  employee: string;
}

/** The terminal's answer as the modal lists it: amounts in dollars, times in the store's zone, oldest first. */
export function transactionRows(t: Transactions, zone: string): TransactionRow[] {
  const names = new Map(t.employees.elements.map((e) => [e.id, e.nickname || e.name]));
  const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  return [...t.transactions.elements]
    .sort((a, b) => a.clientCreatedTime - b.clientCreatedTime)
    .map((x) => ({
      id: x.id,
      amount: formatCents(x.amount),
      time: time.format(x.clientCreatedTime),
      employee: (x.employee && names.get(x.employee.id)) || '—',
    }));
}
