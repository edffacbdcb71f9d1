// `node deploy/local/cli.mjs infra`: only FerretDB + NATS (for libs/test-kit when no MONGO_URL is set).
// Prints one line `TURNBOOK_INFRA_READY {"mongoUrl":…,"natsUrl":…}` when ready, then runs until SIGTERM,
// SIGINT or (with --watch-stdin) its stdin closes, so it never outlives the jest process that started it.
//
//   --free-ports   pick free ports instead of the test profile's
//   --dir <dir>    where data and logs go (default: a fresh temp dir, deleted on stop)
//   --watch-stdin  stop when stdin closes (the parent holds a pipe to us)
import { mkdtempSync, rmSync } from 'node:fs';
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
  const bins = await bootstrap({ system: ['nats-server'], stripe: false });
  const root = dir ? path.resolve(dir) : mkdtempSync(path.join(os.tmpdir(), 'turnbook-infra-'));
  const dirs = profileDirs('infra', root);
  const ports = freePorts
    ? { mongo: await freePort(), nats: await freePort(), natsMonitor: await freePort() }
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
      supervisor, ports, dirs, pieces: ['mongo', 'nats'], name: `turnbook-infra-${process.pid}`,
      bins: { ferretdb: bins.ferretdb, natsServer: bins.natsServer },
    });
    console.log(`${READY_PREFIX}${JSON.stringify({ mongoUrl: urls.mongoUrl, natsUrl: urls.natsUrl, dir: root })}`);
  } catch (err) {
    console.error(err.message);
    await supervisor.stopAll();
    if (!dir) rmSync(root, { recursive: true, force: true });
    process.exit(1);
  }
  await new Promise(() => {});
}
