// Step (e), second half: each built service as `node services/<name>/dist/main.js` (one or more
// instances, each on its own port), then the gateway in front of them.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serviceNodeArgs } from './bundle-service.mjs';
import { REPO_ROOT } from './paths.mjs';
import { SERVICE_NAMES, serviceInstances } from './ports.mjs';
import { httpCheck, isPortFree } from './health.mjs';
import { ready } from './infra.mjs';
import { serviceEnv } from './service-env.mjs';
import { fail, note, ok } from './log.mjs';
import { GATEWAY_HEALTH_PATH, nginxArgs, writeGatewayConfig } from '../nginx/generate.mjs';

/**
 * Starts every service that has a dist/main.js, as many instances as asked, and waits for GET /health of
 * each. The first instance of every service starts first (so first-start work such as creating indexes or
 * the signing key happens once); the others follow once it is ready. A ready instance is kept alive: the
 * supervisor restarts it when it dies.
 * @param {{ instances?: Record<string, number> }} options instances: from parseInstances (default one each)
 * @returns {Promise<{ up: string[], skipped: string[], failed: Array<{ name: string, error: string }>,
 *   instances: Record<string, Array<{ name: string, port: number }>> }>}
 */
export async function startServices({ supervisor, profile, ports, infra, secrets, dirs, publicUrl, instances = {} }) {
  const all = serviceInstances(ports, instances);
  const result = { up: [], skipped: [], failed: [], instances: {} };
  const startOne = async (name, { name: instanceName, port }) => {
    if (!(await isPortFree(port))) {
      result.failed.push({ name: instanceName, error: `port ${port} is already in use` });
      fail(`${instanceName}: port ${port} is already in use`);
      return false;
    }
    const main = path.join(REPO_ROOT, 'services', name, 'dist', 'main.js');
    const env = { ...serviceEnv({ name, profile, ports, infra, secrets, stateDir: dirs.services, publicUrl }), PORT: String(port) };
    mkdirSync(env.DATA_DIR, { recursive: true }); // shared by the instances (uploaded pictures)
    const entry = supervisor.start(instanceName, process.execPath, serviceNodeArgs(path.dirname(main)), { env, cwd: path.dirname(path.dirname(main)) });
    try {
      await ready(entry, httpCheck(`http://127.0.0.1:${port}/health`), 45000);
    } catch (err) {
      if (!supervisor.stopping) { // stopped by Ctrl-C while starting: not a failure to report
        result.failed.push({ name: instanceName, error: err.message });
        fail(err.message);
      }
      return false;
    }
    supervisor.keepAlive(entry);
    result.up.push(instanceName);
    (result.instances[name] ??= []).push({ name: instanceName, port });
    ok(`${instanceName} ready on :${port}`);
    return true;
  };
  const starting = [];
  for (const name of SERVICE_NAMES) {
    const main = path.join(REPO_ROOT, 'services', name, 'dist', 'main.js');
    if (!existsSync(main)) {
      note(`${name}: services/${name}/dist/main.js not built yet; skipped`);
      result.skipped.push(name);
      continue;
    }
    const [first, ...others] = all[name];
    starting.push(startOne(name, first).then(async (up) => {
      if (up) await Promise.all(others.map((instance) => startOne(name, instance)));
    }));
  }
  await Promise.all(starting);
  // in port order, whatever order they became ready in
  for (const list of Object.values(result.instances)) list.sort((a, b) => a.port - b.port);
  return result;
}

/**
 * What is running where, for system tests that kill or address single instances
 * (deploy/e2e/system): <run>/stack.json. The pids are in <run>/pids.json, kept current by the supervisor.
 */
export function writeStackFile(runDir, { gatewayUrl, instances, infra = {} }) {
  const file = path.join(runDir, 'stack.json');
  const services = Object.fromEntries(Object.entries(instances).map(([name, list]) => [name,
    list.map((i) => ({ ...i, url: `http://127.0.0.1:${i.port}` }))]));
  // infra: where NATS and the database are (a system test reads the event stream; the chaos script breaks them)
  const { natsUrl, mongoUrl, natsNodes } = infra;
  writeFileSync(file, `${JSON.stringify({ gatewayUrl, runDir, services, infra: { natsUrl, mongoUrl, natsNodes } }, null, 2)}\n`);
  return file;
}

/** Generates the nginx config from the route table and starts nginx in the foreground of its group. */
export async function startGateway({ supervisor, nginxBin, ports, dirs, instances }) {
  const gateway = await writeGatewayConfig({ nginxDir: dirs.nginx, logDir: dirs.logs, ports, instances });
  if (!gateway.hostBuilt) note('shells/host is not built: the gateway serves a placeholder page at /');
  const built = Object.keys(gateway.remotes);
  note(`micro-frontends in /mfe/remotes.json: ${built.length > 0 ? built.join(', ') : 'none built yet'}`);
  const entry = supervisor.start('nginx', nginxBin, nginxArgs(gateway));
  await ready(entry, httpCheck(`http://127.0.0.1:${ports.gateway}${GATEWAY_HEALTH_PATH}`), 15000);
  return gateway;
}
