import type { Handlers } from '@turnbook/service-kit';
import { merchantTransactions } from './merchant-transactions';

export function transactionRoutes(deps: Parameters<typeof merchantTransactions>[0]): Handlers {
  return {
    'GET getMerchantTransactions/{dayStartMillis}': ({ params, query }) => merchantTransactions(deps, query.storeId, params.dayStartMillis),
  };
}
