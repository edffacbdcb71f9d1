import { createHash } from 'node:crypto';
import type { Connection, Model, Schema } from 'mongoose';
import { Client } from 'pg';
import type { Logger } from './logger';

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
    for (const model of models) {
      const table = await tableOf(client, db.name, model);
      if (!table) continue;
      for (const fields of ginFieldSets(model)) {
        if (await createGinIndex(client, db.name, table, fields)) created++;
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

/** FerretDB keeps each collection's table name in its database's metadata table; a missing collection is created. */
async function tableOf(client: Client, schema: string, model: Model<unknown>): Promise<string | undefined> {
  const metadata = `${ident(schema)}._ferretdb_database_metadata`;
  const lookup = async () => {
    // No metadata table yet: FerretDB has no collection in this database.
    const exists = await client.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [metadata]);
    if (!exists.rows[0]?.t) return undefined;
    const r = await client.query<{ table: string }>(`SELECT _jsonb->>'table' AS table FROM ${metadata} WHERE _jsonb->>'_id' = $1`, [model.collection.collectionName]);
    return r.rows[0]?.table;
  };
  const table = await lookup();
  if (table) return table;
  await model.createCollection().catch((err: { code?: number }) => {
    if (err.code !== 48) throw err; // 48: created meanwhile
  });
  return lookup();
}

async function createGinIndex(client: Client, schema: string, table: string, fields: string[]): Promise<boolean> {
  const name = `${table.slice(0, 30)}_gin_${createHash('sha256').update(fields.join('\u0000')).digest('hex').slice(0, 12)}`;
  const exists = await client.query('SELECT 1 FROM pg_indexes WHERE schemaname = $1 AND indexname = $2', [schema, name]);
  if (exists.rowCount) return false;
  const columns = fields.map((f) => `(_jsonb -> ${literal(f)}) jsonb_path_ops`).join(', ');
  try {
    await client.query(`CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${ident(schema)}.${ident(table)} USING gin (${columns})`);
    return true;
  } catch (err) {
    // Another instance of the service created it at the same moment.
    if (['23505', '42P07'].includes((err as { code?: string }).code ?? '')) return false;
    throw err;
  }
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
