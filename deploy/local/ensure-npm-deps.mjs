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
  // npm 11 skips install scripts of packages not allowed by allowScripts; nothing here needs them.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { code } = await runCommand(npm, ['install', '--no-audit', '--no-fund'], { cwd: REPO_ROOT });
  if (code !== 0) throw new LauncherError(`npm install failed (exit ${code}); see the output above.`);
  info('npm dependencies installed');
}
