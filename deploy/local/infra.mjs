// Step (e), first half: the infrastructure on loopback (PostgreSQL + FerretDB, NATS, stripe-mock, mail sink),
// started under a Supervisor and awaited until healthy, then kept alive like the services (restarted with
// backoff when one dies: services reconnect to it). Used by `start`, `test` and `infra`.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_DIR } from './paths.mjs';
import { freePort, freePorts, httpCheck, isPortFree, mongoPingCheck, tcpCheck, waitFor } from './health.mjs';
import { natsNodePorts, streamReplicasFor, writeNatsConfig } from './nats-config.mjs';
import { ferretDbPostgresUrl, initPostgres, postgresCheck, postgresUrl, startPostgres } from './postgres.mjs';
import { LauncherError } from './log.mjs';
import { tailFile } from './supervisor.mjs';

/** How long FerretDB may leave a ping unanswered before it is killed; longer than a deliberate freeze (chaos.mjs: 10 s). */
const WATCH_WINDOW_MS = 20_000;

/**
 * @param {{
 *   supervisor: import('./supervisor.mjs').Supervisor,
 *   ports: { mongo: number, postgres: number, nats: number, natsMonitor: number, stripeMock?: number, smtp?: number, mailbox?: number },
 *   dirs: { postgres: string, nats: string, mail: string, seededMarker?: string },
 *   bins: { ferretdb: string, initdb: string, postgres: string, natsServer: string, stripeMock?: string },
 *   pieces?: Array<'mongo' | 'nats' | 'stripe' | 'mail'>,
 *   name?: string,
 *   durable?: boolean,
 *   natsCluster?: number,
 * }} options
 *   pieces: 'mongo' is FerretDB on its PostgreSQL; durable: false for throwaway data (PostgreSQL without fsync);
 *   natsCluster: nodes of a local NATS JetStream cluster (1: one server, no cluster; see nats-config.mjs)
 * @returns {Promise<InfraUrls>}
 */
export async function startInfra({ supervisor, ports, dirs, bins, pieces = ['mongo', 'nats', 'stripe', 'mail'], name = 'turnbook', durable = true, natsCluster = 1 }) {
  const wanted = new Set(pieces);
  const portsInUse = [];
  const needed = [
    wanted.has('mongo') && ['PostgreSQL', ports.postgres],
    wanted.has('mongo') && ['FerretDB', ports.mongo],
    ...(wanted.has('nats') ? natsNodePorts(ports, natsCluster).flatMap((n, k) => [
      [`NATS${natsCluster > 1 ? ` node ${k + 1}` : ''}`, n.client],
      [`NATS${natsCluster > 1 ? ` node ${k + 1}` : ''} monitor`, n.monitor],
      natsCluster > 1 && [`NATS node ${k + 1} cluster`, n.cluster],
    ]) : []),
    wanted.has('stripe') && ['stripe-mock', ports.stripeMock],
    wanted.has('mail') && ['SMTP sink', ports.smtp],
    wanted.has('mail') && ['mailbox page', ports.mailbox],
  ].filter(Boolean);
  for (const [what, port] of needed) if (!(await isPortFree(port))) portsInUse.push(`${port} (${what})`);
  if (portsInUse.length > 0) {
    throw new LauncherError(`port(s) already in use on 127.0.0.1: ${portsInUse.join(', ')}. `
      + 'Is another `npm start` / `npm test` running? Stop it (Ctrl-C) and try again.');
  }

  // Once ready, a piece is restarted whenever it dies, as the services are.
  const kept = async (entry, check, timeoutMs) => {
    await ready(entry, check, timeoutMs);
    supervisor.keepAlive(entry);
  };
  const waits = [];
  if (wanted.has('mongo')) {
    // FerretDB needs its PostgreSQL up first; the other pieces start meanwhile.
    waits.push((async () => {
      mkdirSync(path.dirname(dirs.postgres), { recursive: true });
      const fresh = await initPostgres({ initdb: bins.initdb, dataDir: dirs.postgres });
      // A new, empty cluster holds no demo: let the seed run again.
      if (fresh && dirs.seededMarker) rmSync(dirs.seededMarker, { force: true });
      const pg = startPostgres({ supervisor, bin: bins.postgres, dataDir: dirs.postgres, port: ports.postgres, durable });
      await kept(pg, postgresCheck(ports.postgres));
      // One P for its Go scheduler: FerretDB hands each call between a client's goroutine and PostgreSQL's
      // connection, and with more Ps idle ones spin looking for that work. The scheduling service suite: 20%
      // less of FerretDB's CPU (25-27 CPU-s against 31-34), the same wall time (docs/testing.md).
      const p = supervisor.start('ferretdb', bins.ferretdb, ['-listen-addr', `127.0.0.1:${ports.mongo}`, '-postgresql-url', ferretDbPostgresUrl(ports.postgres)], {
        env: { ...process.env, GOMAXPROCS: process.env.GOMAXPROCS ?? '1' },
      });
      await kept(p, tcpCheck(ports.mongo));
      // FerretDB v1 can hang without dying: an index build holds its metadata lock while it waits for a
      // PostgreSQL connection, and every connection is held by a call waiting for that lock (seen when six
      // services restarted at once; the write front now leaves connections over, ferretdb/writes.go).
      // Accepting connections is not enough: it must answer a ping. A busy one answers late (5-9 s under a
      // stress of 300 clients), so one ping may wait the whole window: only silence is killed.
      supervisor.watch(p, mongoPingCheck(ports.mongo, WATCH_WINDOW_MS), { failAfterMs: WATCH_WINDOW_MS });
    })());
  }
  if (wanted.has('nats')) waits.push(...startNats({ supervisor, ports, dir: dirs.nats, bin: bins.natsServer, name, count: natsCluster, kept }));
  if (wanted.has('stripe')) {
    // Both listeners on loopback and next to each other, so a test run never collides with `npm start`.
    const p = supervisor.start('stripe-mock', bins.stripeMock, [
      '-http-addr', `127.0.0.1:${ports.stripeMock}`,
      '-https-addr', `127.0.0.1:${ports.stripeMock + 1}`,
    ]);
    waits.push(kept(p, tcpCheck(ports.stripeMock)));
  }
  if (wanted.has('mail')) {
    const p = supervisor.start('mail-sink', process.execPath, [
      path.join(LOCAL_DIR, 'mail-sink.mjs'),
      '--smtp-port', String(ports.smtp), '--http-port', String(ports.mailbox), '--dir', dirs.mail,
    ]);
    waits.push(kept(p, httpCheck(`http://127.0.0.1:${ports.mailbox}/health`)));
  }
  await Promise.all(waits);
  return infraUrls(ports, pieces, natsCluster);
}

/**
 * Free ports for a throwaway infrastructure (tests), all different: picked while the others are held. A
 * cluster's nodes get client, monitor and cluster ports each; stripe-mock takes its port and the next (https).
 */
export async function freeInfraPorts({ natsCluster = 1 } = {}) {
  const nodes = natsCluster > 1 ? natsCluster : 0;
  const [mongo, postgres, nats, natsMonitor, smtp, mailbox, ...nodePorts] = await freePorts(6 + 3 * nodes);
  const ports = { mongo, postgres, nats, natsMonitor, smtp, mailbox };
  let stripeMock = await freePort();
  while (!(await isPortFree(stripeMock + 1)) || [...Object.values(ports), ...nodePorts].some((p) => p === stripeMock || p === stripeMock + 1)) stripeMock = await freePort();
  const natsNodes = nodes ? Array.from({ length: nodes }, (_, k) => ({ client: nodePorts[3 * k], monitor: nodePorts[3 * k + 1], cluster: nodePorts[3 * k + 2] })) : undefined;
  return { ...ports, stripeMock, natsNodes };
}

/**
 * One nats-server (`nats`, its store in `dir`), or the nodes of a cluster (`nats-1` … in `dir`/node-1 …), all
 * started at once: a cluster node is healthy only once JetStream's meta group has a leader, which needs most
 * of the nodes up. Each is restarted like the other pieces when it dies, and catches up from the others.
 */
const CLUSTER_READY_MS = 120_000;

function startNats({ supervisor, ports, dir, bin, name, count, kept }) {
  const nodes = natsNodePorts(ports, count);
  return nodes.map((node, k) => {
    const clustered = count > 1;
    const conf = writeNatsConfig({
      dir: natsNodeDir(dir, k, count),
      port: node.client,
      monitorPort: node.monitor,
      name: clustered ? `${name}-${k + 1}` : name,
      ...(clustered && { cluster: { name, port: node.cluster, routes: nodes.filter((o) => o !== node).map((o) => o.cluster) } }),
    });
    const p = supervisor.start(clustered ? `nats-${k + 1}` : 'nats', bin, ['-c', conf]);
    // A cluster started again on its data elects its meta leader and every stream's and consumer's (one RAFT
    // group each) before /healthz says ok: on a busy two-core machine that took more than 30 s.
    return kept(p, httpCheck(`http://127.0.0.1:${node.monitor}/healthz`), clustered ? CLUSTER_READY_MS : undefined);
  });
}

/** Where node k (0-based) of `count` keeps its config, store and pid file (`nats.pid`). */
export const natsNodeDir = (dir, k, count) => (count > 1 ? path.join(dir, `node-${k + 1}`) : dir);

/**
 * @typedef {{ mongoUrl?: string, postgresUrl?: string, natsUrl?: string, natsMonitorUrl?: string, stripeUrl?: string,
 *   smtpUrl?: string, mailboxUrl?: string, natsStreamReplicas?: number, natsNodes?: NatsNode[] }} InfraUrls
 *   postgresUrl: the PostgreSQL under the local FerretDB (services create their GIN indexes there);
 *   natsUrl: every node's URL, comma-separated (NATS_URL); natsStreamReplicas: for NATS_STREAM_REPLICAS;
 *   natsNodes: each node's supervisor name and URLs
 * @typedef {{ name: string, url: string, monitorUrl: string }} NatsNode
 */
export function infraUrls(ports, pieces = ['mongo', 'nats', 'stripe', 'mail'], natsCluster = 1) {
  const has = new Set(pieces);
  const nodes = natsNodePorts(ports, natsCluster);
  return {
    ...(has.has('mongo') && { mongoUrl: `mongodb://127.0.0.1:${ports.mongo}/`, postgresUrl: postgresUrl(ports.postgres) }),
    ...(has.has('nats') && {
      natsUrl: nodes.map((n) => `nats://127.0.0.1:${n.client}`).join(','),
      natsMonitorUrl: `http://127.0.0.1:${nodes[0].monitor}`,
      natsStreamReplicas: streamReplicasFor(natsCluster),
      natsNodes: nodes.map((n, k) => ({
        name: natsCluster > 1 ? `nats-${k + 1}` : 'nats', url: `nats://127.0.0.1:${n.client}`, monitorUrl: `http://127.0.0.1:${n.monitor}`,
      })),
    }),
    ...(has.has('stripe') && { stripeUrl: `http://127.0.0.1:${ports.stripeMock}` }),
    ...(has.has('mail') && { smtpUrl: `smtp://127.0.0.1:${ports.smtp}`, mailboxUrl: `http://127.0.0.1:${ports.mailbox}/dev/mailbox` }),
  };
}

/** Waits for a started child's health check; a child that dies or never gets ready is an error. */
export async function ready(entry, check, timeoutMs = 30000) {
  const result = await waitFor({ check, timeoutMs, exited: () => entry.exited });
  if (result === 'ready') return;
  const why = result === 'exited' ? `exited (code ${entry.code ?? entry.signal})` : `was not ready after ${timeoutMs / 1000}s`;
  throw new LauncherError(`${entry.name} ${why}. Last lines of ${entry.logFile}:\n${tailFile(entry.logFile)}`);
}
