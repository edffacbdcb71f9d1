// Step (d): build every package with a build script through Nx (services with esbuild, web with rspack).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { nxRunMany, workspacePackages } from './nx.mjs';
import { REPO_ROOT } from './paths.mjs';
import { fail, info, note, step } from './log.mjs';

const isWeb = (p) => p.dir.startsWith('shells/') || p.dir.startsWith('mfes/');
const isDeployable = (p) => isWeb(p) || p.dir.startsWith('services/');

/** A service without src/main.ts or a web package without an rspack config is not written yet. */
function hasEntry(p) {
  const dir = path.join(REPO_ROOT, p.dir);
  if (p.dir.startsWith('services/')) return existsSync(path.join(dir, 'src/main.ts'));
  if (isWeb(p)) return readdirSync(dir).some((f) => f.startsWith('rspack.config.'));
  return true;
}

/**
 * @param {{ skipWeb?: boolean }} options skipWeb: services only (web bundles are slow and not always needed)
 * @returns {Promise<{ ok: boolean, failed: string[] }>}
 */
export async function buildAll({ skipWeb = false } = {}) {
  const packages = workspacePackages();
  const missing = packages.filter((p) => isDeployable(p) && !p.scripts.build);
  for (const p of missing) note(`${p.name} (${p.dir}) has no build script; not built`);

  const unwritten = packages.filter((p) => p.scripts.build && !hasEntry(p));
  if (unwritten.length > 0) note(`not written yet, not built: ${unwritten.map((p) => p.name).join(', ')}`);

  const projects = packages
    .filter((p) => p.scripts.build && hasEntry(p) && !(skipWeb && isWeb(p)))
    .map((p) => p.name);
  if (projects.length === 0) return { ok: true, failed: [] };
  step(`Building ${skipWeb ? 'services (web build skipped)' : 'everything'} (nx run-many -t build)`);
  const { code, failed } = await nxRunMany('build', { projects });
  if (code === 0) {
    info('build done');
    return { ok: true, failed: [] };
  }
  const names = failed.length > 0 ? failed : ['(see the Nx output above)'];
  fail(`build failed for: ${names.join(', ')}. Their previous dist (if any) is used; those without one are skipped.`);
  return { ok: false, failed };
}
