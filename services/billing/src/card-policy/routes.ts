import type { Handlers } from '@turnbook/service-kit';
import { cardPolicyOf, setCardPolicy } from './card-policy';
import type { CardPoliciesRepository } from './repository';

export function cardPolicyRoutes(deps: { policies: CardPoliciesRepository }): Handlers {
  return {
    'GET public_getCardPolicy/{storeId}': ({ params }) => cardPolicyOf(deps, params.storeId),
    'PUT cardPolicy/{storeId}': ({ params, body }) => setCardPolicy(deps, params.storeId, body),
  };
}
