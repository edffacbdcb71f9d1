import mongoose, { type Connection, type Model } from 'mongoose';
import { coalescedRead } from '@turnbook/service-kit';

/** What scheduling keeps of a customer (customers owns them): what an appointment shows of its customer. */
export interface CustomerCopyDoc {
  _id: number;
  storeId: number;
  fname: string;
  lname: string;
  phone: string;
  email: string;
  status: string;
  /** the favourite staff member (null or 0: none) and whether online booking offers them (ruling 5) */
  fav_staffId?: number | null;
  book_with_fav_staff?: number;
  /** the customers service's updated_at of this copy: an older event never overwrites a newer copy */
  updated_at: string;
}

const schema = new mongoose.Schema<CustomerCopyDoc>(
  { _id: Number, storeId: Number, fname: String, lname: String, phone: String, email: String, status: String, fav_staffId: Number, book_with_fav_staff: Number, updated_at: String },
  { versionKey: false, collection: 'customer_copies' },
);

/**
 * The store's customers as their events last told (customer.created and customer.updated), so a new
 * appointment carries its customer's name and phone from the moment it is booked.
 */
export class CustomerCopyRepository {
  readonly model: Model<CustomerCopyDoc>;

  constructor(db: Connection) {
    this.model = (db.models.CustomerCopy as Model<CustomerCopyDoc> | undefined) ?? db.model<CustomerCopyDoc>('CustomerCopy', schema);
  }

  async init(): Promise<void> {
    await this.model.syncIndexes();
  }

  /** Keeps the newer of what is stored and what arrived (events of two consumers may arrive out of order). */
  async save(c: CustomerCopyDoc): Promise<boolean> {
    const had = await this.model.findById(c._id, { updated_at: 1 }).lean<Pick<CustomerCopyDoc, 'updated_at'>>();
    if (had && had.updated_at > c.updated_at) return false;
    await this.model.updateOne({ _id: c._id }, { $set: c }, { upsert: true });
    return true;
  }

  /**
   * The customer's favourite as online booking counts it (offered even with Online Booking OFF when
   * book-with-favourite is on), with the phone it belongs to; null when not heard of.
   */
  // Concurrent callers share one read that started after they called (a burst of online requests).
  private readonly copyOf = coalescedRead((key: string) => {
    const [storeId, customerId] = key.split(':').map(Number);
    return this.model.findOne({ _id: customerId, storeId }).lean<CustomerCopyDoc>();
  });

  async favouriteOf(storeId: number, customerId: number): Promise<{ staffId: number | null; bookWithFavourite: boolean; phone: string } | null> {
    if (!customerId) return null;
    const c = await this.copyOf(`${storeId}:${customerId}`);
    return c ? { staffId: c.fav_staffId || null, bookWithFavourite: c.book_with_fav_staff === 1, phone: c.phone } : null;
  }

  /** The customer as the appointments keep them, or nothing (customer 0, or not heard of yet). */
  async detailsOf(storeId: number, customerId: number) {
    if (!customerId) return {};
    const c = await this.copyOf(`${storeId}:${customerId}`);
    return c ? { customerFname: c.fname, customerLname: c.lname, customerPhone: c.phone, customerEmail: c.email, customerStatus: c.status } : {};
  }
}
