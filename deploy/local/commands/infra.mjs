// `node deploy/local/cli.mjs infra`: only FerretDB (on its PostgreSQL) + NATS (for libs/test-kit when no
// MONGO_URL is set). Prints one line `TURNBOOK_INFRA_READY {"mongoUrl":…,"postgresUrl":…,"natsUrl":…,"natsServer":<its binary>}` when ready, then runs until SIGTERM,
// SIGINT or (with --watch-stdin) its stdin closes, so it never outlives the jest process that started it.
//
//   --free-ports   pick free ports instead of the test profile's
//   --dir <dir>    where data and logs go (default: a fresh temp dir, deleted on stop)
//   --watch-stdin  stop when stdin closes (the parent holds a pipe to us)
//   --nats-cluster N  NATS as a JetStream cluster of N nodes (the ready line then lists them: natsNodes, with
//                  each node's pid file, so a test can kill one; the launcher restarts it)
//   --nats-only    no database (a test that brings its own)
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootstrap } from '../bootstrap.mjs';
import { freeInfraPorts, natsNodeDir, startInfra } from '../infra.mjs';
import { profileDirs } from '../paths.mjs';
import { portsFor } from '../ports.mjs';
import { Supervisor } from '../supervisor.mjs';

export const READY_PREFIX = 'TURNBOOK_INFRA_READY ';

export async function infra({ freePorts = false, dir, watchStdin = false, natsCluster = 1, natsOnly = false } = {}) {
  const bins = await bootstrap({ system: ['initdb', 'postgres'], stripe: false });
  const root = dir ? path.resolve(dir) : mkdtempSync(path.join(os.tmpdir(), 'turnbook-infra-'));
  // mkdtemp makes it private; PostgreSQL runs as its own account (as root) and must enter it.
  if (!dir) chmodSync(root, 0o755);
  const dirs = profileDirs('infra', root);
  const ports = freePorts ? await freeInfraPorts({ natsCluster }) : portsFor('test');

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
      supervisor, ports, dirs, pieces: natsOnly ? ['nats'] : ['mongo', 'nats'], name: `turnbook-infra-${process.pid}`, durable: Boolean(dir),
      bins: { ferretdb: bins.ferretdb, initdb: bins.initdb, postgres: bins.postgres, natsServer: bins.natsServer },
      natsCluster,
    });
    const natsNodes = urls.natsNodes.map((n, k) => ({ ...n, pidFile: path.join(natsNodeDir(dirs.nats, k, natsCluster), 'nats.pid') }));
    console.log(`${READY_PREFIX}${JSON.stringify({ mongoUrl: urls.mongoUrl, postgresUrl: urls.postgresUrl, natsUrl: urls.natsUrl, natsNodes, dir: root, natsServer: bins.natsServer })}`);
  } catch (err) {
    console.error(err.message);
    await supervisor.stopAll();
    if (!dir) rmSync(root, { recursive: true, force: true });
    process.exit(1);
  }
  await new Promise(() => {});
}
