import mongoose from 'mongoose';
import { connectMongo, findEachById } from '../src/mongo';

const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';

describe('documents by a list of ids', () => {
  it('when ids repeat, are missing or fail the filter, then each document found comes once, in id order, and the filter holds', async () => {
    const db = await connectMongo(mongoUrl, `t-each-${Date.now()}`);
    type Thing = { _id: number; status: string; secret: string };
    const Thing = db.model<Thing>('Thing', new mongoose.Schema<Thing>({ _id: Number, status: String, secret: String }));
    await Thing.insertMany(Array.from({ length: 45 }, (_, i) => ({ _id: i + 1, status: i % 3 ? 'ON' : 'OFF', secret: 's' })));
    const ids = [30, 2, 2, 999, 45, 1, ...Array.from({ length: 30 }, (_, i) => i + 5)];
    const found = await findEachById<Thing>(Thing, ids, { status: 'ON' }, { secret: 0 });
    const expected = [...new Set(ids)].filter((id) => id <= 45 && (id - 1) % 3 !== 0).sort((a, b) => a - b);
    expect(found.map((t) => t._id)).toEqual(expected);
    expect(found.every((t) => t.status === 'ON' && t.secret === undefined)).toBe(true);
    expect(await findEachById(Thing, [])).toEqual([]);
    await db.dropDatabase();
    await db.close();
  }, 30_000);
});
