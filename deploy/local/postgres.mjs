// PostgreSQL behind the local FerretDB: a cluster of our own under .data/<profile>/postgres, served on a
// loopback port. FerretDB's SQLite backend scans every collection on every query; on PostgreSQL equality
// filters become SQL that GIN indexes serve (see libs/service-kit/src/indexes.ts).
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findBinary } from './find-binary.mjs';
import { runCommand } from './run-command.mjs';
import { LauncherError } from './log.mjs';

export const PG_SUPERUSER = 'postgres';

/**
 * The account PostgreSQL runs as. initdb and postgres refuse to run as root, so as root we use the
 * `postgres` account that Debian's package creates; any other user runs them as itself.
 * @returns {{ uid: number, gid: number } | undefined}
 */
export function postgresAccount(passwdFile = '/etc/passwd') {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync(passwdFile, 'utf8').split('\n').find((l) => l.startsWith(`${PG_SUPERUSER}:`));
  if (!line) throw new LauncherError('PostgreSQL cannot run as root and there is no `postgres` account (the Debian package `postgresql` creates it).');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** What services connect to (to create GIN indexes): the cluster's `postgres` database, trusted on loopback. */
export const postgresUrl = (port) => `postgres://${PG_SUPERUSER}@127.0.0.1:${port}/postgres`;

/**
 * What FerretDB connects with. FerretDB sends field names as bind parameters of prepared statements; a
 * generic plan can never use an expression index, so every plan is made for its actual parameters.
 */
export const ferretDbPostgresUrl = (port) => `${postgresUrl(port)}?plan_cache_mode=force_custom_plan`;

/**
 * Creates the cluster once (PG_VERSION marks a finished one). initdb writes to a temporary folder that is
 * renamed when done, so an interrupted first run never leaves a half-made cluster behind.
 */
export async function initPostgres({ initdb, dataDir }) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return false;
  const account = postgresAccount();
  const tmp = `${dataDir}.init-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(path.dirname(tmp), { recursive: true }); // parents stay enterable by the postgres account
  mkdirSync(tmp, { mode: 0o700 });
  if (account) chownSync(tmp, account.uid, account.gid);
  chmodSync(tmp, 0o700);
  const { code, output } = await runCommand(initdb, [
    '-D', tmp, '-U', PG_SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync', '--no-instructions',
  ], { capture: true, echo: false, cwd: tmp, ...account });
  if (code !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    const hint = account ? ` (it runs as the postgres account, which must be able to enter every folder above ${dataDir})` : '';
    throw new LauncherError(`initdb failed (exit ${code})${hint}:\n${output}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(tmp, dataDir);
  return true;
}

/**
 * Starts postgres under the supervisor. `durable: false` (throwaway test data) turns fsync off.
 * SIGINT is PostgreSQL's fast shutdown: it does not wait for clients to hang up.
 */
export function startPostgres({ supervisor, bin, dataDir, port, durable = true }) {
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '', // TCP only: no socket folder to own or clean
    shared_buffers: '256MB',
    max_connections: '200',
    max_parallel_workers_per_gather: '0', // two cores shared by everything: no parallel scans
    // FerretDB keeps each document as one jsonb value, TOASTed when large; a filter on `_jsonb->'_id'` in a
    // sequential scan decompresses every row. With the default random_page_cost (4, for spinning disks) the
    // planner picks that scan on any table of a few pages, so a by-id read of one day's copy among 180
    // (125 KB each) took 25-40 ms instead of 0.1 ms. Our data is on SSD or in memory: 1.1 is the usual figure.
    random_page_cost: '1.1',
    jit: 'off', // compiling a plan costs 50-200 ms, more than any of our queries saves (OLTP)
    // Throwaway data: no fsync; and, living minutes, no statistics counted per statement, so no autovacuum
    // (which needs them): scheduling's service tests used 8-10% less CPU in PostgreSQL, FerretDB and jest alike.
    ...(!durable && {
      fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off',
      track_counts: 'off', track_activities: 'off', autovacuum: 'off',
    }),
    // TURNBOOK_PG_STATS=1: pg_stat_statements counts each statement's calls, rows and time (which of
    // FerretDB's queries decode the most rows: `node deploy/local/bench/pg-top.mjs`).
    ...(process.env.TURNBOOK_PG_STATS === '1' && { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' }),
  };
  const args = ['-D', dataDir, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  return supervisor.start('postgres', bin, args, { cwd: dataDir, stopSignal: 'SIGINT', ...postgresAccount() });
}

/** Ready when pg_isready says the server accepts connections (it listens before recovery has finished). */
export function postgresCheck(port) {
  const isReady = findBinary('pg_isready');
  return async () => {
    if (!isReady) return false;
    const { code } = await runCommand(isReady, ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', PG_SUPERUSER], { capture: true, echo: false });
    return code === 0;
  };
}
