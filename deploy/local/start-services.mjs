// Step (e), second half: each built service as `node services/<name>/dist/main.js`, then the gateway.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { SERVICE_NAMES } from './ports.mjs';
import { httpCheck, isPortFree } from './health.mjs';
import { ready } from './infra.mjs';
import { serviceEnv } from './service-env.mjs';
import { fail, note, ok } from './log.mjs';
import { GATEWAY_HEALTH_PATH, nginxArgs, writeGatewayConfig } from '../nginx/generate.mjs';

/**
 * Starts every service that has a dist/main.js and waits for GET /health.
 * @returns {Promise<{ up: string[], skipped: string[], failed: Array<{ name: string, error: string }> }>}
 */
export async function startServices({ supervisor, profile, ports, infra, secrets, dirs, publicUrl }) {
  const result = { up: [], skipped: [], failed: [] };
  const starting = [];
  for (const name of SERVICE_NAMES) {
    const main = path.join(REPO_ROOT, 'services', name, 'dist', 'main.js');
    if (!existsSync(main)) {
      note(`${name}: services/${name}/dist/main.js not built yet; skipped`);
      result.skipped.push(name);
      continue;
    }
    const port = ports.services[name];
    if (!(await isPortFree(port))) {
      result.failed.push({ name, error: `port ${port} is already in use` });
      fail(`${name}: port ${port} is already in use`);
      continue;
    }
    const env = serviceEnv({ name, profile, ports, infra, secrets, stateDir: dirs.services, publicUrl });
    mkdirSync(env.DATA_DIR, { recursive: true });
    const entry = supervisor.start(name, process.execPath, ['--enable-source-maps', main], { env, cwd: path.dirname(path.dirname(main)) });
    starting.push(ready(entry, httpCheck(`http://127.0.0.1:${port}/health`), 45000).then(
      () => { result.up.push(name); ok(`${name} ready on :${port}`); },
      (err) => {
        if (supervisor.stopping) return; // stopped by Ctrl-C while starting: not a failure to report
        result.failed.push({ name, error: err.message });
        fail(err.message);
      },
    ));
  }
  await Promise.all(starting);
  return result;
}

/** Generates the nginx config from the route table and starts nginx in the foreground of its group. */
export async function startGateway({ supervisor, nginxBin, ports, dirs }) {
  const gateway = await writeGatewayConfig({ nginxDir: dirs.nginx, logDir: dirs.logs, ports });
  if (!gateway.hostBuilt) note('shells/host is not built: the gateway serves a placeholder page at /');
  const built = Object.keys(gateway.remotes);
  note(`micro-frontends in /mfe/remotes.json: ${built.length > 0 ? built.join(', ') : 'none built yet'}`);
  const entry = supervisor.start('nginx', nginxBin, nginxArgs(gateway));
  await ready(entry, httpCheck(`http://127.0.0.1:${ports.gateway}${GATEWAY_HEALTH_PATH}`), 15000);
  return gateway;
}
