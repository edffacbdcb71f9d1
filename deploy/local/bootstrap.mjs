// Steps (b) and (c): system packages and Go-built binaries. Safe to run every time; fast when all is there.
import { ensureSystemPackages } from './ensure-system-packages.mjs';
import { ensureFerretDb, ensureStripeMock } from './go-binaries.mjs';

/**
 * @param {{ system?: string[], stripe?: boolean }} [options] which Debian binaries are needed; stripe-mock or not
 * @returns {Promise<{ natsServer: string, nginx?: string, chromium?: string, initdb?: string, postgres?: string,
 *   ferretdb: string, stripeMock?: string }>}
 */
export async function bootstrap({ system = ['nats-server', 'nginx', 'chromium', 'initdb', 'postgres'], stripe = true } = {}) {
  const found = await ensureSystemPackages(system);
  // One after the other: both are Go builds and this machine may have only two cores.
  const ferretdb = await ensureFerretDb();
  const stripeMock = stripe ? await ensureStripeMock() : undefined;
  return {
    natsServer: found['nats-server'], nginx: found.nginx, chromium: found.chromium,
    initdb: found.initdb, postgres: found.postgres, ferretdb, stripeMock,
  };
}
