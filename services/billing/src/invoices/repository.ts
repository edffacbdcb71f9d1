import mongoose, { type Connection, type Model } from 'mongoose';
import { upsertById } from '@turnbook/service-kit';

export interface InvoiceDoc {
  /** `<customer>/<invoice>`: an invoice is the store's own customer's (see `invoiceKey`) */
  _id: string;
  /** the provider's invoice id (absent on invoices kept before the key held the customer: `_id` is it) */
  invoiceId?: string;
  /** the store's own customer and subscription at the provider */
  customerId?: string;
  subscriptionId?: string | null;
  storeId: number;
  period_start: number;
  amount_paid: number;
  hosted_invoice_url: string | null;
  status: string | null;
  /** unix seconds the state was true at the provider (ordering of webhook events) */
  stateAt: number;
}

const schema = new mongoose.Schema<InvoiceDoc>(
  { _id: String, invoiceId: String, customerId: String, subscriptionId: String, storeId: { type: Number, index: true }, period_start: Number, amount_paid: Number, hosted_invoice_url: String, status: String, stateAt: Number },
  { versionKey: false, collection: 'invoices' },
);

/**
 * An invoice's key: the store's own customer with the provider's invoice id. An invoice id alone is not
 * enough: stripe-mock answers the same fixture invoice for every subscription, and one store's answer must
 * never take another store's invoice.
 */
export const invoiceKey = (customerId: string, invoiceId: string) => `${customerId}/${invoiceId}`;

export class InvoicesRepository {
  readonly model: Model<InvoiceDoc>;

  constructor(db: Connection) {
    this.model = (db.models.BillingInvoice as Model<InvoiceDoc> | undefined) ?? db.model<InvoiceDoc>('BillingInvoice', schema);
  }

  /** Keeps an invoice's newest state. */
  async save(inv: InvoiceDoc): Promise<void> {
    const found = await this.model.findOne({ _id: inv._id }, { stateAt: 1 }).lean<{ stateAt: number }>();
    if (found && found.stateAt > inv.stateAt) return;
    const { _id, ...rest } = inv;
    await upsertById(this.model, _id, rest);
  }

  /** A store's invoices, newest period first. */
  async ofStore(storeId: number): Promise<InvoiceDoc[]> {
    return (await this.model.find({ storeId }).lean<InvoiceDoc[]>()).sort((a, b) => b.period_start - a.period_start);
  }
}
