// Which version of each federated module runs. A module's build goes to mfes/<name>/dist/<version>/ (its
// package.json version, or MFE_VERSION), several versions side by side; the gateway serves them all under
// /mfe/<name>/<version>/ and /mfe/remotes.json names the one the shell loads. A pin (mfe-versions.json next to
// remotes.json, written by use-module-version.mjs) chooses another built version without any rebuild.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A version folder's name: semver only, so it is also a safe path segment. */
export const VERSION_RE = /^\d+\.\d+\.\d+([-+][\w.-]+)?$/;

/** The versions of a module built under its dist root (those with an mf-manifest.json), newest build last. */
export function builtVersions(distRoot) {
  if (!existsSync(distRoot)) return [];
  return readdirSync(distRoot)
    .filter((v) => VERSION_RE.test(v) && existsSync(path.join(distRoot, v, 'mf-manifest.json')))
    .sort((a, b) => statSync(path.join(distRoot, a, 'mf-manifest.json')).mtimeMs - statSync(path.join(distRoot, b, 'mf-manifest.json')).mtimeMs);
}

const packageVersion = (distRoot) => {
  const file = path.join(distRoot, '..', 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
};

/**
 * name -> { version, dir } for every module with a build: its pinned version when that one is built, else its
 * package.json version when built, else its most recent build. A pin to a version not built is ignored (said
 * in `ignored`), so a bad pin never takes a module off the page.
 * @param {Record<string, string>} distRoots  name -> mfes/<name>/dist
 * @param {Record<string, string>} [pins]     name -> version
 */
export function moduleReleases(distRoots, pins = {}) {
  const releases = {};
  const ignored = [];
  for (const [name, root] of Object.entries(distRoots)) {
    const built = builtVersions(root);
    if (!built.length) continue;
    const pinned = pins[name];
    if (pinned && !built.includes(pinned)) ignored.push(`${name}@${pinned}`);
    const fromPackage = packageVersion(root);
    const version = built.includes(pinned) ? pinned : built.includes(fromPackage) ? fromPackage : built.at(-1);
    releases[name] = { version, dir: path.join(root, version) };
  }
  return Object.defineProperty(releases, 'ignored', { value: ignored, enumerable: false });
}

/** The pins file of a gateway (next to its remotes.json): { name: version }. */
export const pinsFile = (nginxDir) => path.join(nginxDir, 'mfe-versions.json');

export function readPins(nginxDir) {
  const file = pinsFile(nginxDir);
  if (!existsSync(file)) return {};
  const pins = JSON.parse(readFileSync(file, 'utf8'));
  return Object.fromEntries(Object.entries(pins).filter(([, v]) => typeof v === 'string' && VERSION_RE.test(v)));
}

export function writePins(nginxDir, pins) {
  writeFileSync(pinsFile(nginxDir), `${JSON.stringify(pins, null, 2)}\n`);
}
