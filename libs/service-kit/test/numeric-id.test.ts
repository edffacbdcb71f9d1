import mongoose from 'mongoose';
import { createMissingIndexes } from '../src/indexes';
import { connectMongo, insertWithNumericId } from '../src/mongo';

const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';

describe('numeric ids', () => {
  it('when many documents are inserted at once, then each gets its own id and none fails', async () => {
    const db = await connectMongo(mongoUrl, `t-ids-${Date.now()}`);
    type Thing = { _id?: number; name: string };
    const Thing = db.model<Thing>('Thing', new mongoose.Schema<Thing>({ _id: Number, name: { type: String, unique: true } }));
    await createMissingIndexes(db);
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => insertWithNumericId(Thing, { name: `t${i}` }, 'things', 100)));
    const ids = made.map((t) => t._id);
    expect(new Set(ids).size).toBe(20);
    expect(Math.min(...ids)).toBeGreaterThanOrEqual(100);
    // A collision on another unique index is not an id collision: it must surface, not be retried away.
    await expect(insertWithNumericId(Thing, { name: 't0' }, 'things', 100)).rejects.toMatchObject({ code: 11000 });
    await db.dropDatabase();
    await db.close();
  }, 30_000);
});
