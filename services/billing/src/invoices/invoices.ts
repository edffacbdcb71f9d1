import type { ResponseOf } from '@turnbook/contracts';
import type { InvoicesRepository } from './repository';

/** getInvoicesByStoreId: the store's invoices (from subscribe's answers and the webhook), newest first. */
export async function invoicesOf(deps: { invoices: InvoicesRepository }, storeId: number): Promise<ResponseOf<'GET getInvoicesByStoreId/{storeId}'>> {
  const docs = await deps.invoices.ofStore(storeId);
  return { invoices: docs.map((d) => ({ id: d.invoiceId ?? d._id, period_start: d.period_start, amount_paid: d.amount_paid, hosted_invoice_url: d.hosted_invoice_url })) };
}
