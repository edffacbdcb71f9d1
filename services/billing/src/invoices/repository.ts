import mongoose, { type Connection, type Model } from 'mongoose';
import { upsertById } from '@turnbook/service-kit';

export interface InvoiceDoc {
  /** the provider's invoice id */
  _id: string;
  storeId: number;
  period_start: number;
  amount_paid: number;
  hosted_invoice_url: string | null;
  status: string | null;
  /** unix seconds the state was true at the provider (ordering of webhook events) */
  stateAt: number;
}

const schema = new mongoose.Schema<InvoiceDoc>(
  { _id: String, storeId: { type: Number, index: true }, period_start: Number, amount_paid: Number, hosted_invoice_url: String, status: String, stateAt: Number },
  { versionKey: false, collection: 'invoices' },
);

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
