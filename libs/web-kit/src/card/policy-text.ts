import { GROUP_CARD_FROM, type CardPolicy } from '@turnbook/domain/card-on-file/card-on-file';
import { formatCents } from '@turnbook/domain/money/money';

/**
 * The store's deposit and no-show policy in one sentence, as the booking page states it before the customer
 * submits and the wizard shows it to staff (docs/product/deposits.md).
 */
export function cardPolicyText(p: { policy: CardPolicy; noShowFee: number }): string {
  const who = p.policy === 'all' ? 'Every online request' : `A group of ${GROUP_CARD_FROM} or more`;
  const fee = p.noShowFee > 0 ? ` If you do not come, a no-show fee of ${formatCents(p.noShowFee)} may be charged to it.` : '';
  return `${who} holds a card on file. It is saved securely and not charged when you book.${fee}`;
}
