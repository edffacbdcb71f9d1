#!/usr/bin/env node
// A previous release built outside the repository tree, for the version-skew journeys
// (deploy/e2e/system/version-skew.test.ts):
//
//   node deploy/local/previous-release.mjs [--tag v0.1.0]      (default: the newest release)
//     -> .data/skew/<tag>/services/<service>/   an artifact per service (main.js, package.json, node_modules)
//                                               that deploy/local/roll.mjs can run
//        .data/skew/<tag>/modules/<module>/    each module's build, to publish as a version folder
//   node deploy/local/previous-release.mjs --which   prints the release it would build
//
// The release's source is deploy/releases/<tag>.tar.gz, which `npm run release` writes beside the tag: a
// checkout without tags or history (a CI clone) has it too. A tag with no archive there is read from git
// (`git archive`; nothing written to the repository's .git). Its dependencies are today's node_modules, linked
// entry by entry (the lockfile changed little since the tag), except @turnbook/*, which point at the tag's own
// libraries, and @mantine, copied (see COPIED). Each part is built the tag's own way: services with its
// deploy/local/build-service.mjs, modules with their `rspack build`. A build is kept per tag commit and
// lockfile (built.json), so a second run costs nothing; it is kept outside the profiles' folders, which
// `npm test` wipes at each run (`npm run reset` removes it).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_ROOT, REPO_ROOT } from './paths.mjs';

const WORKSPACE_GLOBS = ['libs', 'services', 'mfes', 'shells', 'deploy'];
/**
 * Packages copied into the tag's node_modules rather than linked: the modules' build shares some of Mantine's
 * files by their path under <tree>/node_modules (web-kit's shared-singletons.mjs), and the bundler resolves a
 * link to the file it points at, whose path is then today's: those files would be bundled, not shared, and
 * the module would look for the shell's MantineProvider in a context of its own.
 */
const COPIED = ['@mantine'];

export const RELEASES_DIR = path.join(REPO_ROOT, 'deploy/releases');
/** What a release's archive leaves out: nothing the build reads (tests, docs, journeys, benchmarks, lockfile). */
export const RELEASE_ARCHIVE_EXCLUDES = ['docs', 'deploy/e2e', '**/*.test.*', '**/test/**', '**/bench/**', 'package-lock.json', 'libs/contracts/release'];

const git = (...args) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
const archiveOf = (tag) => path.join(RELEASES_DIR, `${tag}.tar.gz`);

/** `git archive` of a release commit into deploy/releases/<tag>.tar.gz (npm run release calls it). */
export function writeReleaseArchive(tag) {
  mkdirSync(RELEASES_DIR, { recursive: true });
  git('archive', '--format=tar.gz', '-o', archiveOf(tag), `${tag}^{commit}`, '--', '.', ...RELEASE_ARCHIVE_EXCLUDES.map((p) => `:(exclude)${p}`));
  return archiveOf(tag);
}

/** The commit a release archive was made from (git archive writes it into the tar's header). */
export function archiveCommit(file) {
  return execFileSync('sh', ['-c', `gzip -dc "${file}" | git get-tar-commit-id`], { encoding: 'utf8' }).trim();
}

const versionParts = (tag) => tag.replace(/^v/, '').split(/[.-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
function byVersionDescending(a, b) {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    if (x[i] === undefined) return -1; // 1.0.0 is newer than 1.0.0-rc
    if (y[i] === undefined) return 1;
    return x[i] < y[i] ? 1 : -1;
  }
  return 0;
}

/** Every release this checkout can build: its archives and its v* tags. */
function releases() {
  const archived = existsSync(RELEASES_DIR) ? readdirSync(RELEASES_DIR).filter((f) => /^v.+\.tar\.gz$/.test(f)).map((f) => f.replace(/\.tar\.gz$/, '')) : [];
  let tagged = [];
  try {
    tagged = git('tag', '--list', 'v*').split('\n').filter(Boolean);
  } catch {
    // not a git checkout: the archives only
  }
  return [...new Set([...archived, ...tagged])].sort(byVersionDescending);
}

/** The last release: the newest v<x.y.z> of the archives and tags. */
export function lastReleaseTag() {
  const all = releases();
  if (!all.length) throw new Error('no release: no deploy/releases/v*.tar.gz and no v* tag (npm run release makes both)');
  return all[0];
}

/** Where a release's source comes from: its archive, else its tag; an error naming the releases there are. */
function sourceOf(tag) {
  if (existsSync(archiveOf(tag))) {
    const file = archiveOf(tag);
    return { commit: archiveCommit(file), extract: (tree) => execFileSync('tar', ['-xzf', file, '-C', tree]) };
  }
  let commit;
  try {
    commit = git('rev-parse', `${tag}^{commit}`);
  } catch {
    throw new Error(`no release ${tag} (there are: ${releases().join(', ') || 'none'})`);
  }
  return { commit, extract: (tree) => execFileSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${tree}"`], { cwd: REPO_ROOT }) };
}

/** Every workspace package of a tree: name -> folder. */
function workspacesOf(tree) {
  const found = {};
  for (const group of WORKSPACE_GLOBS) {
    const dir = path.join(tree, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const pkg = path.join(dir, name, 'package.json');
      if (existsSync(pkg)) found[JSON.parse(readFileSync(pkg, 'utf8')).name] = path.join(dir, name);
    }
  }
  return found;
}

/** The tag's node_modules: a link per entry of today's, @turnbook/* linked to the tag's own workspaces. */
function linkDependencies(tree) {
  const modules = path.join(tree, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
    if (entry === '@turnbook') continue;
    const today = path.join(REPO_ROOT, 'node_modules', entry);
    if (COPIED.includes(entry)) cpSync(today, path.join(modules, entry), { recursive: true, verbatimSymlinks: true });
    else symlinkSync(today, path.join(modules, entry));
  }
  mkdirSync(path.join(modules, '@turnbook'));
  for (const [name, folder] of Object.entries(workspacesOf(tree))) {
    if (name.startsWith('@turnbook/')) symlinkSync(folder, path.join(modules, name));
  }
  // A workspace's own node_modules (a second version of a package) is today's when the workspace still exists.
  for (const folder of Object.values(workspacesOf(tree))) {
    const today = path.join(REPO_ROOT, path.relative(tree, folder), 'node_modules');
    if (existsSync(today) && !existsSync(path.join(folder, 'node_modules'))) symlinkSync(today, path.join(folder, 'node_modules'));
  }
}

function run(command, args, cwd) {
  const began = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`);
  return Date.now() - began;
}

/**
 * Builds (or finds built) the release of `tag` under `root`.
 * @returns {{ tag: string, commit: string, lockfile: string, dir: string, services: Record<string, string>, modules: Record<string, string>, cached: boolean }}
 */
export function buildPreviousRelease({ tag = lastReleaseTag(), root = path.join(DATA_ROOT, 'skew'), log = console.log } = {}) {
  const { commit, extract } = sourceOf(tag);
  // the packages the build links to are today's: another lockfile, another build
  const lockfile = createHash('sha256').update(readFileSync(path.join(REPO_ROOT, 'package-lock.json'))).digest('hex').slice(0, 16);
  const dir = path.join(root, tag);
  const marker = path.join(dir, 'built.json');
  if (existsSync(marker)) {
    const built = JSON.parse(readFileSync(marker, 'utf8'));
    if (built.commit === commit && built.lockfile === lockfile) return { ...built, cached: true };
  }
  rmSync(dir, { recursive: true, force: true });
  const tree = path.join(dir, 'tree');
  mkdirSync(tree, { recursive: true });
  extract(tree);
  linkDependencies(tree);
  const buildService = path.join(tree, 'deploy/local/build-service.mjs');
  if (!existsSync(buildService)) throw new Error(`${tag} has no deploy/local/build-service.mjs: build its services another way`);

  const services = {};
  for (const name of readdirSync(path.join(tree, 'services'))) {
    const folder = path.join(tree, 'services', name);
    if (!existsSync(path.join(folder, 'src/main.ts'))) continue;
    const ms = run(process.execPath, [buildService], folder);
    const artifact = path.join(dir, 'services', name);
    mkdirSync(artifact, { recursive: true });
    for (const file of ['main.js', 'main.js.map']) cpSync(path.join(folder, 'dist', file), path.join(artifact, file));
    cpSync(path.join(folder, 'package.json'), path.join(artifact, 'package.json'));
    writeFileSync(path.join(artifact, 'version.json'), `${JSON.stringify({ version: tag, commit })}\n`);
    // the tag's dependencies (today's packages, the tag's libraries are bundled into main.js)
    symlinkSync(path.join(tree, 'node_modules'), path.join(artifact, 'node_modules'));
    services[name] = artifact;
    log(`  ${tag} service ${name} built (${ms} ms)`);
  }

  const modules = {};
  const rspack = path.join(REPO_ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  for (const name of readdirSync(path.join(tree, 'mfes'))) {
    const folder = path.join(tree, 'mfes', name);
    if (!existsSync(path.join(folder, 'package.json'))) continue;
    const ms = run(process.execPath, [rspack, 'build', '--mode', 'production'], folder);
    // a release before versioned folders built into dist/ itself; a later one into dist/<version>/
    const dist = path.join(folder, 'dist');
    const out = existsSync(path.join(dist, 'mf-manifest.json')) ? dist : path.join(dist, readdirSync(dist)[0]);
    modules[name] = path.join(dir, 'modules', name);
    cpSync(out, modules[name], { recursive: true });
    log(`  ${tag} module ${name} built (${ms} ms)`);
  }
  const built = { tag, commit, lockfile, dir, services, modules };
  writeFileSync(marker, `${JSON.stringify(built, null, 2)}\n`);
  return { ...built, cached: false };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { tag: { type: 'string' }, which: { type: 'boolean' } } });
  if (values.which) {
    console.log(lastReleaseTag());
    process.exit(0);
  }
  const began = Date.now();
  const built = buildPreviousRelease({ tag: values.tag ?? lastReleaseTag() });
  console.log(`${built.tag} (${built.commit.slice(0, 12)}) ${built.cached ? 'already built' : 'built'} in ${built.dir} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
}
