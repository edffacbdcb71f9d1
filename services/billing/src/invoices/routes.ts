import type { Handlers } from '@turnbook/service-kit';
import { invoicesOf } from './invoices';
import type { InvoicesRepository } from './repository';

export function invoiceRoutes(deps: { invoices: InvoicesRepository }): Handlers {
  return {
    'GET getInvoicesByStoreId/{storeId}': ({ params }) => invoicesOf(deps, params.storeId),
  };
}
