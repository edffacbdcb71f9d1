import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { connectMongo } from '../src/mongo';
import { mongoUrl } from './harness';

// What the services assume of the database, as MongoDB gives it: each write to a document is atomic. The
// local FerretDB broke every one of these (its updates read and then write the whole document) until its
// write front (deploy/local/ferretdb/writes.go) ran one such write per collection at a time.

describe('writes to one document at once', () => {
  let db: Connection;
  beforeAll(async () => {
    db = await connectMongo(mongoUrl, `atomic-${randomBytes(4).toString('hex')}`);
  });
  afterAll(async () => {
    await db?.dropDatabase().catch(() => undefined);
    await db?.close();
  });

  const together = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_x, i) => f(i)));

  it('when 20 writers each set a different field at once, then all 20 fields are kept', async () => {
    const c = db.collection<{ _id: number }>('fields');
    await c.insertOne({ _id: 1 });
    await together(20, (i) => c.updateOne({ _id: 1 }, { $set: { [`f${i}`]: i } }));
    expect(Object.keys((await c.findOne({ _id: 1 }))!)).toHaveLength(21);
  });

  it('when 30 writers increment one counter at once, then each is handed its own number', async () => {
    const c = db.collection<{ _id: number; v: number }>('counter');
    const got = await together(30, () => c.findOneAndUpdate({ _id: 1 }, { $inc: { v: 1 } }, { upsert: true, returnDocument: 'after' }));
    expect(new Set(got.map((d) => d!.v)).size).toBe(30);
    expect((await c.findOne({ _id: 1 }))!.v).toBe(30);
  });

  it('when 30 writers move one document from pending at once, then exactly one does', async () => {
    const c = db.collection<{ _id: number; status: string; by?: number }>('cas');
    await c.insertOne({ _id: 1, status: 'pending' });
    const res = await together(30, (i) => c.updateOne({ _id: 1, status: 'pending' }, { $set: { status: 'accepted', by: i } }));
    expect(res.filter((r) => r.modifiedCount === 1)).toHaveLength(1);
  });

  it('when 15 writers accept and 15 delete one pending document at once, then exactly one of them does', async () => {
    const c = db.collection<{ _id: number; status: string }>('accept-or-drop');
    await c.insertOne({ _id: 1, status: 'pending' });
    const res = await together(30, (i) =>
      i % 2 ? c.updateOne({ _id: 1, status: 'pending' }, { $set: { status: 'accepted' } }).then((r) => r.modifiedCount) : c.deleteOne({ _id: 1, status: 'pending' }).then((r) => r.deletedCount),
    );
    expect(res.filter((n) => n === 1)).toHaveLength(1);
  });

  it('when 30 readers take one document away at once, then exactly one gets it', async () => {
    const c = db.collection<{ _id: number }>('take');
    await c.insertOne({ _id: 1 });
    const got = await together(30, () => c.findOneAndDelete({ _id: 1 }));
    expect(got.filter((d) => d !== null)).toHaveLength(1);
  });
});
