#!/usr/bin/env node
// One self-contained folder per service, dist-artifact/<service>/ (issue 33, item 1):
//   main.js (+ .map)   the service bundled by esbuild, our libs inlined (bundle-service.mjs)
//   tracing.js (+ .map) loaded first (--require): traces the service when OTEL_EXPORTER_OTLP_ENDPOINT is set
//   node_modules/      only the npm packages the bundle requires and what they need in turn, copied from the
//                      lockfile-installed tree (the versions every test ran), native builds for linux-x64 only
//   package.json       name, version, the direct dependencies with their versions, engines
//   version.json       the package version and the commit it came from
// Copied anywhere, `node main.js` starts it with the environment variables of the README.
//   node deploy/local/package-service.mjs            the service whose folder this runs in (npm run package -w …)
//   node deploy/local/package-service.mjs --all      every service (npm run package at the root)
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleService, TRACING_PRELOAD } from './bundle-service.mjs';
import { REPO_ROOT } from './paths.mjs';
import { SERVICE_NAMES } from './ports.mjs';

export const ARTIFACT_ROOT = path.join(REPO_ROOT, 'dist-artifact');
/** The Node the artifacts are built for and the images run (the launcher's own, deploy/local/node-runtime.mjs). */
export const ARTIFACT_NODE_TARGET = 'node24';
/** Native builds kept: the images and the machines we deploy to are linux-x64. */
const PLATFORM = 'linux-x64';

/**
 * @param {string} service e.g. 'identity'
 * @param {{ outDir?: string }} [o]
 * @returns {Promise<{ dir: string, packages: number }>}
 */
export async function packageService(service, { outDir = path.join(ARTIFACT_ROOT, service) } = {}) {
  const serviceDir = path.join(REPO_ROOT, 'services', service);
  const pkg = readJson(path.join(serviceDir, 'package.json'));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const externals = await bundleService({ serviceDir, outfile: path.join(outDir, 'main.js'), target: ARTIFACT_NODE_TARGET });
  const closure = dependencyClosure(externals);
  for (const [target, source] of closure) copyPackage(source, path.join(outDir, target));

  const direct = Object.fromEntries(externals
    .map(({ name, from }) => [name, readJson(path.join(findPackage(name, from), 'package.json')).version])
    .sort(([a], [b]) => a.localeCompare(b)));
  writeJson(path.join(outDir, 'package.json'), {
    name: pkg.name, version: pkg.version, private: true, type: 'commonjs', main: 'main.js',
    scripts: { start: `node --enable-source-maps --require ./${TRACING_PRELOAD} main.js` },
    engines: { node: '>=24' }, dependencies: direct,
  });
  writeJson(path.join(outDir, 'version.json'), {
    name: pkg.name, version: pkg.version, ...gitCommit(), builtAt: new Date().toISOString(), node: ARTIFACT_NODE_TARGET, platform: PLATFORM,
  });
  return { dir: outDir, packages: closure.size };
}

/**
 * Every package the bundle needs at run time: the ones it requires, then their dependencies and the optional
 * ones that are installed (sharp's @img/sharp-linux-x64), resolved as Node would from where they are required.
 * @param {Array<{ name: string, from: string }>} roots
 * @returns {Map<string, string>} artifact-relative folder (node_modules/…) -> the installed folder
 */
export function dependencyClosure(roots) {
  const out = new Map();
  const queue = [...roots];
  while (queue.length > 0) {
    const { name, from, optional } = queue.shift();
    const dir = findPackage(name, from);
    if (!dir) {
      if (optional) continue; // an optional dependency for another platform: not installed, not needed
      throw new Error(`${name} (required from ${path.relative(REPO_ROOT, from)}) is not installed: run npm install`);
    }
    const target = artifactPathOf(dir);
    if (out.has(target)) {
      if (out.get(target) !== dir) throw new Error(`two installed folders would land on ${target}: ${out.get(target)} and ${dir}`);
      continue;
    }
    out.set(target, dir);
    const meta = readJson(path.join(dir, 'package.json'));
    for (const dep of Object.keys(meta.dependencies ?? {})) queue.push({ name: dep, from: dir });
    for (const dep of Object.keys(meta.optionalDependencies ?? {})) queue.push({ name: dep, from: dir, optional: true });
    for (const dep of Object.keys(meta.peerDependencies ?? {})) queue.push({ name: dep, from: dir, optional: true });
  }
  return out;
}

/** Node's lookup: <dir>/node_modules/<name>, then the same from each parent folder. */
function findPackage(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/**
 * Where an installed package goes in the artifact: its place under the repository's (or a workspace's)
 * node_modules, kept as it is, so nested versions stay nested.
 */
function artifactPathOf(dir) {
  const rel = path.relative(REPO_ROOT, dir).split(path.sep);
  const first = rel.indexOf('node_modules');
  if (first < 0 || lstatSync(dir).isSymbolicLink()) throw new Error(`${dir} is not an installed npm package (a workspace link?)`);
  return rel.slice(first).join('/');
}

/** Files Node never loads from a package: types, TypeScript sources, source maps, docs (licences stay). */
const NOT_RUN = /\.(d\.[cm]?ts|[cm]?tsx?|map|md|markdown)$/i;

/**
 * The package without its own node_modules (nested packages are copied as packages of their own), without
 * what Node never loads, and without other platforms' builds.
 */
function copyPackage(source, target) {
  const nested = path.join(source, 'node_modules');
  cpSync(source, target, { recursive: true, filter: (src) => src !== nested && !NOT_RUN.test(path.basename(src)) });
  const prebuilds = path.join(target, 'prebuilds');
  if (existsSync(prebuilds)) {
    for (const entry of readdirSync(prebuilds)) if (entry !== PLATFORM) rmSync(path.join(prebuilds, entry), { recursive: true, force: true });
  }
}

/** The commit (and whether the tree had changes); TURNBOOK_COMMIT when there is no git (an image build). */
function gitCommit() {
  if (process.env.TURNBOOK_COMMIT) return { commit: process.env.TURNBOOK_COMMIT };
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    throw new Error('no git commit to record: run in a git checkout or set TURNBOOK_COMMIT');
  }
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const all = process.argv.includes('--all');
  const services = all ? SERVICE_NAMES : [path.basename(process.cwd())];
  for (const s of services) {
    if (!SERVICE_NAMES.includes(s)) {
      console.error(`${s} is not a service (${SERVICE_NAMES.join(', ')}): run it from services/<service> or with --all`);
      process.exit(2);
    }
  }
  for (const s of services) {
    const began = Date.now();
    const { dir, packages } = await packageService(s);
    console.log(`packaged @turnbook/${s} -> ${path.relative(process.cwd(), dir)} (${packages} npm packages, ${Date.now() - began} ms)`);
  }
}
