// Loads the route table (and port table) from libs/contracts without a TypeScript runtime: esbuild
// bundles the contracts' index.ts into one temporary .mjs that we import.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** @returns {Promise<{ ROUTES: Array<{ method: string, path: string, owner: string, access: string }>, SERVICES: object }>} */
export async function loadContracts(entry = path.join(REPO_ROOT, 'libs/contracts/src/index.ts')) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    write: false,
    logLevel: 'silent',
    tsconfig: path.join(REPO_ROOT, 'tsconfig.base.json'),
    // bundled CommonJS packages (zod's deps and the like) may call require()
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnbook-contracts-'));
  const file = path.join(dir, 'contracts.mjs');
  try {
    writeFileSync(file, result.outputFiles[0].text);
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
