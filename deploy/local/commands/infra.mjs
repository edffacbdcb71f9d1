// `node deploy/local/cli.mjs infra`: only FerretDB (on its PostgreSQL) + NATS (for libs/test-kit when no
// MONGO_URL is set). Prints one line `TURNBOOK_INFRA_READY {"mongoUrl":…,"postgresUrl":…,"natsUrl":…}` when ready, then runs until SIGTERM,
// SIGINT or (with --watch-stdin) its stdin closes, so it never outlives the jest process that started it.
//
//   --free-ports   pick free ports instead of the test profile's
//   --dir <dir>    where data and logs go (default: a fresh temp dir, deleted on stop)
//   --watch-stdin  stop when stdin closes (the parent holds a pipe to us)
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootstrap } from '../bootstrap.mjs';
import { freePort } from '../health.mjs';
import { startInfra } from '../infra.mjs';
import { profileDirs } from '../paths.mjs';
import { portsFor } from '../ports.mjs';
import { Supervisor } from '../supervisor.mjs';

export const READY_PREFIX = 'TURNBOOK_INFRA_READY ';

export async function infra({ freePorts = false, dir, watchStdin = false } = {}) {
  const bins = await bootstrap({ system: ['nats-server', 'initdb', 'postgres'], stripe: false });
  const root = dir ? path.resolve(dir) : mkdtempSync(path.join(os.tmpdir(), 'turnbook-infra-'));
  // mkdtemp makes it private; PostgreSQL runs as its own account (as root) and must enter it.
  if (!dir) chmodSync(root, 0o755);
  const dirs = profileDirs('infra', root);
  const ports = freePorts
    ? { mongo: await freePort(), postgres: await freePort(), nats: await freePort(), natsMonitor: await freePort() }
    : portsFor('test');

  const supervisor = new Supervisor({
    logDir: dirs.logs,
    runDir: dirs.run,
    onCrash: ({ name, tail }) => console.error(`${name} stopped unexpectedly:\n${tail}`),
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await supervisor.stopAll();
    if (!dir) rmSync(root, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (watchStdin) process.stdin.on('end', stop).on('close', stop).resume();

  try {
    const urls = await startInfra({
      supervisor, ports, dirs, pieces: ['mongo', 'nats'], name: `turnbook-infra-${process.pid}`, durable: Boolean(dir),
      bins: { ferretdb: bins.ferretdb, initdb: bins.initdb, postgres: bins.postgres, natsServer: bins.natsServer },
    });
    console.log(`${READY_PREFIX}${JSON.stringify({ mongoUrl: urls.mongoUrl, postgresUrl: urls.postgresUrl, natsUrl: urls.natsUrl, dir: root })}`);
  } catch (err) {
    console.error(err.message);
    await supervisor.stopAll();
    if (!dir) rmSync(root, { recursive: true, force: true });
    process.exit(1);
  }
  await new Promise(() => {});
}
