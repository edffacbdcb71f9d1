import { createHash } from 'node:crypto';
import type { Connection, Model, Schema } from 'mongoose';
import { Client } from 'pg';
import type { Logger } from './logger';

/**
 * Creates the indexes the models declare that the database does not have yet, and no others: a restart
 * creates nothing. (mongoose's autoIndex, off in connectMongo, sends every declared index at every start.
 * MongoDB ignores one that exists, but FerretDB v1 takes its global metadata lock for it and writes its
 * metadata table, and one of those waiting for a PostgreSQL connection while every connection waited for
 * that lock hung the local database when six services restarted at once.) A schema that builds its own
 * indexes later (`autoIndex: false`, e.g. scheduling's claims after their migration) is left to do so.
 * @returns how many indexes were created
 */
export async function createMissingIndexes(db: Connection): Promise<number> {
  // Side by side: a start reads ~30 collections' indexes, one round trip each.
  const counts = await Promise.all((Object.values(db.models) as Model<unknown>[]).map(async (model) => {
    if (model.schema.get('autoIndex') === false) return 0;
    const { toCreate } = await model.diffIndexes({ indexOptionsToCreate: true });
    const count = toCreate.length; // counted first: mongoose takes the list apart as it builds
    if (count) await model.createIndexes({ toCreate } as Parameters<Model<unknown>['createIndexes']>[0]);
    return count;
  }));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * The indexes a MongoDB deployment gets from the schemas (`schema.index(...)`, `index: true`, `unique`)
 * are made by mongoose. FerretDB on PostgreSQL makes them too, as btree indexes that its SQL cannot use:
 * it turns an equality filter into `_jsonb->'field' @> value`, which only a GIN index with the
 * `jsonb_path_ops` operator class serves. So, when the database is a local FerretDB (its PostgreSQL URL
 * is given, never in production), every declared index also gets a GIN index over the same fields, made
 * from the same declarations. Uniqueness stays with FerretDB's own unique btree indexes.
 *
 * Only top-level equality is pushed down by FerretDB, so dotted paths and text keys are left out;
 * every collection also gets one on `_id`.
 */
export async function ensureLocalIndexes(db: Connection, postgresUrl: string | undefined, log?: Logger): Promise<number> {
  if (!postgresUrl) return 0;
  const models = Object.values(db.models) as Model<unknown>[];
  const client = new Client({ connectionString: postgresUrl });
  await client.connect();
  let created = 0;
  try {
    // What exists is read in two queries, so a restart (every index there already) costs milliseconds.
    const existing = new Set((await client.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1', [db.name])).rows.map((r) => r.indexname));
    const tables = await tablesOf(client, db.name);
    for (const model of models) {
      const table = tables.get(model.collection.collectionName) ?? (await createTable(client, db.name, model));
      if (!table) continue;
      for (const fields of ginFieldSets(model)) {
        const name = ginIndexName(table, fields);
        if (!existing.has(name) && (await createGinIndex(client, db.name, table, name, fields))) created++;
      }
    }
  } finally {
    await client.end();
  }
  if (created) log?.info(`created ${created} GIN index(es) in PostgreSQL for FerretDB`);
  return created;
}

/** The field lists to index: each declared index's top-level keys, plus `_id`; duplicates dropped. */
export function ginFieldSets(model: { schema: Schema<any> }): string[][] {
  const sets = new Map<string, string[]>([['_id', ['_id']]]);
  for (const [keys] of model.schema.indexes()) {
    const fields = Object.entries(keys)
      .filter(([name, kind]) => !name.includes('.') && kind !== 'text' && kind !== '2dsphere')
      .map(([name]) => name);
    if (fields.length) sets.set([...fields].sort().join('\u0000'), fields);
  }
  return [...sets.values()];
}

/** FerretDB keeps each collection's table name in its database's metadata table (none before the first collection). */
async function tablesOf(client: Client, schema: string): Promise<Map<string, string>> {
  const metadata = `${ident(schema)}._ferretdb_database_metadata`;
  const exists = await client.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [metadata]);
  if (!exists.rows[0]?.t) return new Map();
  const r = await client.query<{ id: string; table: string }>(`SELECT _jsonb->>'_id' AS id, _jsonb->>'table' AS table FROM ${metadata}`);
  return new Map(r.rows.map((row) => [row.id, row.table]));
}

/** A collection not made yet is created, then its table read back. */
async function createTable(client: Client, schema: string, model: Model<unknown>): Promise<string | undefined> {
  await model.createCollection().catch((err: { code?: number }) => {
    if (err.code !== 48) throw err; // 48: created meanwhile
  });
  return (await tablesOf(client, schema)).get(model.collection.collectionName);
}

const ginIndexName = (table: string, fields: string[]) =>
  `${table.slice(0, 30)}_gin_${createHash('sha256').update(fields.join('\u0000')).digest('hex').slice(0, 12)}`;

async function createGinIndex(client: Client, schema: string, table: string, name: string, fields: string[]): Promise<boolean> {
  const columns = fields.map((f) => `(_jsonb -> ${literal(f)}) jsonb_path_ops`).join(', ');
  try {
    await client.query(`CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${ident(schema)}.${ident(table)} USING gin (${columns})`);
    return true;
  } catch (err) {
    if (['23505', '42P07'].includes((err as { code?: string }).code ?? '')) return false;
    throw err;
  }
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
