import mongoose from 'mongoose';
import { Client } from 'pg';
import { createMissingIndexes, ensureLocalIndexes, ginFieldSets } from '../src/indexes';
import { connectMongo } from '../src/mongo';

const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
const postgresUrl = process.env.FERRETDB_POSTGRESQL_URL;
// These check the local FerretDB on PostgreSQL; against a real MongoDB there is no PostgreSQL to look at.
const onLocalFerretDb = postgresUrl ? describe : describe.skip;

interface Visit {
  _id: number;
  storeId: number;
  date: string;
  staffId: number;
  email?: string;
}

function visitSchema() {
  const schema = new mongoose.Schema<Visit>({ _id: Number, storeId: Number, date: String, staffId: Number, email: String }, { versionKey: false });
  schema.index({ storeId: 1, date: 1 });
  schema.index({ 'nested.field': 1 });
  return schema;
}

describe('GIN field sets', () => {
  it('when a schema declares indexes, then each gives its top-level fields, dotted paths are left out and _id is always there', () => {
    const Visit = mongoose.model('VisitShape', visitSchema());
    expect(ginFieldSets(Visit)).toEqual([['_id'], ['storeId', 'date']]);
  });
});

describe('declared indexes', () => {
  it('when a service starts on a database that has its indexes, then none is built again; a schema that builds its own later is left alone', async () => {
    const db = await connectMongo(mongoUrl, `t-missing-${Date.now()}`);
    try {
      db.model<Visit>('Visit', visitSchema(), 'visits');
      const later = new mongoose.Schema<Visit>({ _id: Number, email: String }, { versionKey: false, autoIndex: false });
      later.index({ email: 1 }, { unique: true });
      const Later = db.model<Visit>('Later', later, 'later');
      // two declared on visits (storeId+date, nested.field); none on `later`
      expect(await createMissingIndexes(db)).toBe(2);
      const built: string[] = [];
      db.getClient().on('commandStarted', (e) => { if (e.commandName === 'createIndexes') built.push(e.command.createIndexes); });
      expect(await createMissingIndexes(db)).toBe(0);
      expect(built).toEqual([]);
      expect((await Later.listIndexes().catch(() => [])).map((i: { name: string }) => i.name)).not.toContain('email_1');
    } finally {
      await db.dropDatabase();
      await db.close();
    }
  });
});

onLocalFerretDb('indexes on the local FerretDB over PostgreSQL', () => {
  it('when a declared index is ensured, then a find on its fields is pushed down and served by the GIN index', async () => {
    const db = await connectMongo(mongoUrl, `t-gin-${Date.now()}`);
    const Visit = db.model<Visit>('Visit', visitSchema(), 'visits');
    await createMissingIndexes(db);
    await Visit.insertMany(Array.from({ length: 3000 }, (_, i) => ({ _id: i + 1, storeId: i % 30, date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, staffId: i % 7 })));

    expect(await ensureLocalIndexes(db, postgresUrl)).toBe(2);
    expect(await ensureLocalIndexes(db, postgresUrl)).toBe(0); // idempotent

    const client = new Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`ANALYZE "${db.name}".${await tableName(client, db.name, 'visits')}`);
    await client.end();

    const explain = await db.db!.command({ explain: { find: 'visits', filter: { storeId: 4, date: '2026-01-05' } } });
    const plan = JSON.stringify(explain.queryPlanner);
    expect(explain.filterPushdown).toBe(true);
    expect(plan).toMatch(/Bitmap Index Scan|Index Scan/);
    expect(plan).toMatch(/_gin_/);

    const byId = await db.db!.command({ explain: { find: 'visits', filter: { _id: 1234 } } });
    expect(JSON.stringify(byId.queryPlanner)).toMatch(/_gin_/);
    expect(await Visit.find({ storeId: 4, date: '2026-01-05' }).countDocuments()).toBe(await Visit.countDocuments({ storeId: 4, date: '2026-01-05' }));
    await db.dropDatabase();
    await db.close();
  }, 60_000);

  it('when 40 inserts of one unique key race, then exactly one is accepted in every round', async () => {
    const db = await connectMongo(mongoUrl, `t-unique-${Date.now()}`);
    const schema = new mongoose.Schema<Visit>({ _id: Number, storeId: Number, date: String, staffId: Number, email: { type: String, unique: true } }, { versionKey: false });
    const Account = db.model<Visit>('Account', schema, 'accounts');
    expect(await createMissingIndexes(db)).toBe(1);
    await ensureLocalIndexes(db, postgresUrl);
    for (let round = 0; round < 5; round++) {
      const email = `same-${round}@example.com`;
      const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => Account.create({ _id: round * 100 + i, storeId: 1, date: '2026-01-01', staffId: 1, email })));
      const accepted = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(accepted).toHaveLength(1);
      expect(refused.every((r) => (r.reason as { code?: number }).code === 11000)).toBe(true);
      expect(await Account.countDocuments({ email })).toBe(1);
    }
    await db.dropDatabase();
    await db.close();
  }, 60_000);
});

async function tableName(client: Client, schema: string, collection: string): Promise<string> {
  const r = await client.query(`SELECT _jsonb->>'table' AS t FROM "${schema}"._ferretdb_database_metadata WHERE _jsonb->>'_id' = $1`, [collection]);
  return r.rows[0].t;
}
