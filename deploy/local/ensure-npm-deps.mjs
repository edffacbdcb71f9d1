// Step (a): install npm dependencies when node_modules is missing or older than package-lock.json.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { runCommand } from './run-command.mjs';
import { LauncherError, info, step } from './log.mjs';

export function npmDepsAreCurrent(root = REPO_ROOT) {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(installed)) return false;
  if (!existsSync(lock)) return true;
  return statSync(lock).mtimeMs <= statSync(installed).mtimeMs;
}

export async function ensureNpmDeps() {
  if (npmDepsAreCurrent()) return;
  step('Installing npm dependencies (npm install)');
  // --ignore-scripts: npm 11 still runs dependencies' install scripts (allowScripts is advisory until npm 12),
  // and nothing here needs them: esbuild, swc, rspack, sharp and argon2 load their prebuilt binaries. Two of
  // them compiled C with node-gyp at every clean install (cpu-features and ssh2, under testcontainers, which
  // only a machine with Docker uses): 13 s of a 42 s install. A new dependency that does need its script
  // must be named here and rebuilt (`npm rebuild <name>`).
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { code } = await runCommand(npm, ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: REPO_ROOT });
  if (code !== 0) throw new LauncherError(`npm install failed (exit ${code}); see the output above.`);
  info('npm dependencies installed');
}
