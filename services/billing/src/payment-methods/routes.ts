import type { Handlers } from '@turnbook/service-kit';
import { addCard, setupCard, type CardDeps } from './add-card';
import { paymentMethodsOf, setDefaultPaymentMethod } from './payment-methods';

export function paymentMethodRoutes(deps: CardDeps): Handlers {
  return {
    'GET getPMByStoreId/{storeId}': ({ params }) => paymentMethodsOf(deps, params.storeId),
    'POST setDefaultPMByStoreId/{storeId}': ({ params, body }) => setDefaultPaymentMethod(deps, params.storeId, body.pm_source),
    'POST setupCard/{storeId}': ({ params, body }) => setupCard(deps, params.storeId, body),
    'POST addCard/{storeId}': ({ params, body }) => addCard(deps, params.storeId, body),
  };
}
