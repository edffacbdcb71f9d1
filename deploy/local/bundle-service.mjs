// One service's esbuild bundle: our libs (@turnbook/*) are inlined, every npm package stays external and is
// required from node_modules at run time (native ones such as argon2 and sharp cannot be bundled).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';

/** Loaded before main.js (`node --require ./tracing.js main.js`): starts tracing when an OTLP endpoint is set. */
export const TRACING_PRELOAD = 'tracing.js';
const TRACING_SOURCE = path.join(REPO_ROOT, 'libs/service-kit/src/tracing-preload.ts');

/** How Node runs a bundle in `dir` (services/<name>/dist or an artifact): its tracing preload first, when built. */
export function serviceNodeArgs(dir) {
  const preload = path.join(dir, TRACING_PRELOAD);
  return ['--enable-source-maps', ...(existsSync(preload) ? ['--require', preload] : []), path.join(dir, 'main.js')];
}

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@turnbook/')) return undefined; // inline our own libs
      return { path: args.path, external: true };
    });
  },
};

/**
 * @param {{ serviceDir: string, outfile: string, target?: string }} o
 * @returns {Promise<Array<{ name: string, from: string }>>} the npm packages the bundle requires (no Node
 *   built-ins), each with the folder of the source file that imports it (where Node would resolve it from)
 */
export async function bundleService({ serviceDir, outfile, target = 'node24' }) {
  const main = await bundle({ serviceDir, entry: path.join(serviceDir, 'src/main.ts'), outfile, target });
  // the tracing preload beside it: its packages are needed only when tracing is on, but shipped with the rest
  const preload = await bundle({ serviceDir, entry: TRACING_SOURCE, outfile: path.join(path.dirname(outfile), TRACING_PRELOAD), target });
  const found = new Map([...main, ...preload].map((e) => [`${e.name}\0${e.from}`, e]));
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

async function bundle({ serviceDir, entry, outfile, target }) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target,
    format: 'cjs',
    sourcemap: true,
    tsconfig: path.join(serviceDir, 'tsconfig.json'),
    plugins: [externalNpm],
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: serviceDir, // the metafile's paths are relative to it
  });
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  const found = new Map();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    for (const imp of input.imports) {
      if (!imp.external || builtins.has(imp.path) || imp.path.startsWith('node:')) continue;
      const name = packageNameOf(imp.path);
      const from = path.dirname(path.resolve(serviceDir, file));
      found.set(`${name}\0${from}`, { name, from });
    }
  }
  return [...found.values()];
}

/** `@scope/name/sub/path` -> `@scope/name`; `name/sub` -> `name`. */
export const packageNameOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
