import type { BodyOf, ResponseOf } from '@turnbook/contracts';
import type { CardPoliciesRepository } from './repository';

/** public_getCardPolicy/{storeId}: what the booking page states before the customer submits. */
export function cardPolicyOf(deps: { policies: CardPoliciesRepository }, storeId: number): Promise<ResponseOf<'GET public_getCardPolicy/{storeId}'>> {
  return deps.policies.of(storeId);
}

/** cardPolicy/{storeId} (the owner): which bookings hold a card, and the no-show fee in cents. */
export async function setCardPolicy(
  deps: { policies: CardPoliciesRepository },
  storeId: number,
  body: BodyOf<'PUT cardPolicy/{storeId}'>,
): Promise<ResponseOf<'PUT cardPolicy/{storeId}'>> {
  await deps.policies.set(storeId, body.policy, body.noShowFee);
  return deps.policies.of(storeId);
}
