import type { ResponseOf } from '@turnbook/contracts';

export type TerminalDay = ResponseOf<'GET getMerchantTransactions/{dayStartMillis}'>;

/**
 * The salon's card terminal, behind its provider's API: the card payments of one store between two
 * instants, in the terminal's own shape (employees and transactions as `{elements}` lists).
 */
export interface CardTerminal {
  readonly name: string;
  paymentsOf(storeId: number, fromMillis: number, toMillis: number): Promise<TerminalDay>;
}
