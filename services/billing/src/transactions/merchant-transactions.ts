import type { ResponseOf } from '@turnbook/contracts';
import type { CardTerminal } from './terminal';

const DAY_MS = 24 * 3600 * 1000;

/**
 * getMerchantTransactions/{dayStartMillis}: the card payments of the caller's current store during the
 * day that starts there (the store's local midnight as the calendar sends it).
 */
export async function merchantTransactions(
  deps: { terminal: CardTerminal },
  storeId: number,
  dayStartMillis: number,
): Promise<ResponseOf<'GET getMerchantTransactions/{dayStartMillis}'>> {
  return deps.terminal.paymentsOf(storeId, dayStartMillis, dayStartMillis + DAY_MS);
}
