// Step (e), first half: the infrastructure on loopback (PostgreSQL + FerretDB, NATS, stripe-mock, mail sink),
// started under a Supervisor and awaited until healthy, then kept alive like the services (restarted with
// backoff when one dies: services reconnect to it). Used by `start`, `test` and `infra`.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_DIR } from './paths.mjs';
import { httpCheck, isPortFree, tcpCheck, waitFor } from './health.mjs';
import { writeNatsConfig } from './nats-config.mjs';
import { ferretDbPostgresUrl, initPostgres, postgresCheck, postgresUrl, startPostgres } from './postgres.mjs';
import { LauncherError } from './log.mjs';
import { tailFile } from './supervisor.mjs';

/**
 * @param {{
 *   supervisor: import('./supervisor.mjs').Supervisor,
 *   ports: { mongo: number, postgres: number, nats: number, natsMonitor: number, stripeMock?: number, smtp?: number, mailbox?: number },
 *   dirs: { postgres: string, nats: string, mail: string, seededMarker?: string },
 *   bins: { ferretdb: string, initdb: string, postgres: string, natsServer: string, stripeMock?: string },
 *   pieces?: Array<'mongo' | 'nats' | 'stripe' | 'mail'>,
 *   name?: string,
 *   durable?: boolean,
 * }} options
 *   pieces: 'mongo' is FerretDB on its PostgreSQL; durable: false for throwaway data (PostgreSQL without fsync)
 * @returns {Promise<InfraUrls>}
 */
export async function startInfra({ supervisor, ports, dirs, bins, pieces = ['mongo', 'nats', 'stripe', 'mail'], name = 'turnbook', durable = true }) {
  const wanted = new Set(pieces);
  const portsInUse = [];
  const needed = [
    wanted.has('mongo') && ['PostgreSQL', ports.postgres],
    wanted.has('mongo') && ['FerretDB', ports.mongo],
    wanted.has('nats') && ['NATS', ports.nats],
    wanted.has('nats') && ['NATS monitor', ports.natsMonitor],
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
  const kept = async (entry, check) => {
    await ready(entry, check);
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
      const p = supervisor.start('ferretdb', bins.ferretdb, ['-listen-addr', `127.0.0.1:${ports.mongo}`, '-postgresql-url', ferretDbPostgresUrl(ports.postgres)]);
      await kept(p, tcpCheck(ports.mongo));
    })());
  }
  if (wanted.has('nats')) {
    const conf = writeNatsConfig({ dir: dirs.nats, port: ports.nats, monitorPort: ports.natsMonitor, name });
    const p = supervisor.start('nats', bins.natsServer, ['-c', conf]);
    waits.push(kept(p, httpCheck(`http://127.0.0.1:${ports.natsMonitor}/healthz`)));
  }
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
  return infraUrls(ports, pieces);
}

/**
 * @typedef {{ mongoUrl?: string, postgresUrl?: string, natsUrl?: string, natsMonitorUrl?: string, stripeUrl?: string,
 *   smtpUrl?: string, mailboxUrl?: string }} InfraUrls
 *   postgresUrl: the PostgreSQL under the local FerretDB (services create their GIN indexes there)
 */
export function infraUrls(ports, pieces = ['mongo', 'nats', 'stripe', 'mail']) {
  const has = new Set(pieces);
  return {
    ...(has.has('mongo') && { mongoUrl: `mongodb://127.0.0.1:${ports.mongo}/`, postgresUrl: postgresUrl(ports.postgres) }),
    ...(has.has('nats') && { natsUrl: `nats://127.0.0.1:${ports.nats}`, natsMonitorUrl: `http://127.0.0.1:${ports.natsMonitor}` }),
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
