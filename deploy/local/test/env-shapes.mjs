// The services' configuration schemas (libs/service-kit's BaseEnv + services/<service>/src/config.ts), loaded
// from their TypeScript: what the compose and Helm checks hold every variable they set to.
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../paths.mjs';

/** The env shapes bundled (zod and contracts inlined) into one CommonJS module Node can load. */
export async function loadEnvShapes() {
  const entry = [
    "export { BaseEnv, loadConfig } from './libs/service-kit/src/config';",
    "export { identityEnv as identity } from './services/identity/src/config';",
    "export { schedulingEnv as scheduling } from './services/scheduling/src/config';",
    "export { customersEnv as customers } from './services/customers/src/config';",
    "export { billingEnv as billing } from './services/billing/src/config';",
    "export { messagingEnv as messaging } from './services/messaging/src/config';",
    "export { realtimeEnv as realtime } from './services/realtime/src/config';",
  ].join('\n');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'env-shapes-'));
  try {
    const outfile = path.join(dir, 'env-shapes.cjs');
    const result = await build({
      stdin: { contents: entry, resolveDir: REPO_ROOT, loader: 'ts' },
      bundle: true, platform: 'node', format: 'cjs', target: 'node24', write: false, logLevel: 'silent',
    });
    writeFileSync(outfile, result.outputFiles[0].contents);
    return createRequire(import.meta.url)(outfile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** service-kit reads a few variables outside its schema (process.env in mongo.ts: MONGO_SLOW_MS). */
const DIRECT_READS = ['MONGO_SLOW_MS'];

/** Every variable a service reads: the base schema's, its own schema's and service-kit's direct reads. */
export const variablesRead = (shapes, service) => new Set([...Object.keys(shapes.BaseEnv.shape), ...Object.keys(shapes[service]), ...DIRECT_READS]);
