// The statements FerretDB sent to PostgreSQL that cost the most, with the rows each returned: a query that
// returns many rows per call is one FerretDB decodes row by row (its filter was not pushed down, or it reads
// a big day). Needs the stack's PostgreSQL started with TURNBOOK_PG_STATS=1 (deploy/local/postgres.mjs).
//   node deploy/local/bench/pg-top.mjs [--port 5433] [--reset] [--top 25]
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: { port: { type: 'string', default: String(5433 + Number(process.env.TURNBOOK_PORT_SHIFT ?? 0)) }, reset: { type: 'boolean' }, top: { type: 'string', default: '25' } },
});
const client = new pg.Client({ host: '127.0.0.1', port: Number(values.port), user: 'postgres', database: 'postgres' });
await client.connect();
try {
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  if (values.reset) {
    await client.query('SELECT pg_stat_statements_reset()');
    console.log('reset');
  } else {
    const { rows } = await client.query(
      `SELECT calls, rows, round(total_exec_time::numeric, 0) AS ms, round((rows::numeric / greatest(calls, 1)), 1) AS per_call, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query
         FROM pg_stat_statements ORDER BY rows DESC LIMIT $1`,
      [Number(values.top)],
    );
    const total = await client.query('SELECT sum(calls) AS calls, sum(rows) AS rows, round(sum(total_exec_time)::numeric) AS ms FROM pg_stat_statements');
    console.log(`all statements: ${total.rows[0].calls} calls, ${total.rows[0].rows} rows, ${total.rows[0].ms} ms in PostgreSQL`);
    console.log('   calls      rows  rows/call     ms  statement (most rows first)');
    for (const r of rows) console.log(`${String(r.calls).padStart(8)} ${String(r.rows).padStart(9)} ${String(r.per_call).padStart(10)} ${String(r.ms).padStart(6)}  ${r.query}`);
  }
} finally {
  await client.end();
}
