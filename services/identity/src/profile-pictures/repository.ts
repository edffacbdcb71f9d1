import mongoose, { type Connection, type Model } from 'mongoose';

export interface PictureDoc {
  _id: string; // the file name
  userId: number;
  contentType: string;
  data: Buffer;
  createdAt: Date;
}

const schema = new mongoose.Schema<PictureDoc>(
  { _id: String, userId: Number, contentType: String, data: Buffer, createdAt: Date },
  { versionKey: false },
);

/** Pictures live in identity's database (no local files), so any instance can serve any picture. */
export class PicturesRepository {
  private readonly model: Model<PictureDoc>;

  constructor(db: Connection) {
    this.model = db.model<PictureDoc>('ProfilePicture', schema, 'profile_pictures');
  }

  async insert(doc: PictureDoc): Promise<void> {
    await this.model.create(doc);
  }

  async find(file: string): Promise<PictureDoc | null> {
    const doc = await this.model.findOne({ _id: file }).lean<Omit<PictureDoc, 'data'> & { data: Buffer | { buffer: Uint8Array } }>();
    if (!doc) return null;
    // lean() gives the driver's Binary, not a Buffer.
    const data = Buffer.isBuffer(doc.data) ? doc.data : Buffer.from(doc.data.buffer);
    return { ...doc, data };
  }

  async remove(file: string): Promise<void> {
    await this.model.deleteOne({ _id: file });
  }
}
