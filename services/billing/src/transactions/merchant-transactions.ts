import type { ResponseOf } from '@turnbook/contracts';
import type { NoShowChargesRepository } from '../no-show/repository';
import type { CardTerminal } from './terminal';

const DAY_MS = 24 * 3600 * 1000;

/**
 * getMerchantTransactions/{dayStartMillis}: the card payments of the caller's current store during the
 * day that starts there (the store's local midnight as the calendar sends it): the terminal's, and the
 * no-show fees charged to cards on file that day (docs/product/deposits.md).
 */
export async function merchantTransactions(
  deps: { terminal: CardTerminal; charges: Pick<NoShowChargesRepository, 'succeededBetween'> },
  storeId: number,
  dayStartMillis: number,
): Promise<ResponseOf<'GET getMerchantTransactions/{dayStartMillis}'>> {
  const to = dayStartMillis + DAY_MS;
  const [day, fees] = await Promise.all([deps.terminal.paymentsOf(storeId, dayStartMillis, to), deps.charges.succeededBetween(storeId, dayStartMillis, to)]);
  const noShows = fees.map((f) => ({ id: `noshow_${f._id}`, amount: f.amount, clientCreatedTime: Date.parse(f.chargedAt), employee: null }));
  const elements = [...day.transactions.elements, ...noShows].sort((a, b) => a.clientCreatedTime - b.clientCreatedTime);
  return { employees: day.employees, transactions: { elements } };
}
