import mongoose, { type Connection, type Model } from 'mongoose';

export type ServiceType = 'INTERNAL' | 'EXTERNAL' | 'ALL';

export interface ServiceDoc {
  _id: number;
  storeId: number;
  name: string;
  duration: number;
  /** integer cents (docs/decisions.md: money); answered as dollars in `price` */
  priceCents: number;
  color: string;
  icon: string;
  type: ServiceType;
  /** 'ON', or 'OFF' once deleted (appointments keep their own snapshot, reports keep the history) */
  status: 'ON' | 'OFF';
  sortIndex: number;
  created_at: Date;
  updated_at: Date;
}

const schema = new mongoose.Schema<ServiceDoc>(
  {
    _id: Number,
    storeId: { type: Number, required: true },
    name: String,
    duration: Number,
    priceCents: { type: Number, default: 0 },
    color: String,
    icon: String,
    type: String,
    status: { type: String, default: 'ON' },
    sortIndex: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
schema.index({ storeId: 1, status: 1, sortIndex: 1 });

export function serviceModel(db: Connection): Model<ServiceDoc> {
  return (db.models.Service as Model<ServiceDoc>) ?? db.model<ServiceDoc>('Service', schema, 'services');
}
