// Runs Nx (the repo's task runner) and reads which tasks failed from its summary.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { runCommand } from './run-command.mjs';

const NX_BIN = path.join(REPO_ROOT, 'node_modules', '.bin', 'nx');

// No terminal UI, no daemon: plain logs that also work under CI=true without stdin.
export const nxEnv = (extra = {}) => ({ ...process.env, NX_TUI: 'false', NX_DAEMON: 'false', NX_NO_CLOUD: 'true', ...extra });

/**
 * `nx run-many -t <target>`; returns the exit code and the failed projects listed in Nx's summary.
 * @param {string} target
 * @param {{ projects?: string[], args?: string[], env?: NodeJS.ProcessEnv }} [options]
 */
export async function nxRunMany(target, { projects, args = [], env } = {}) {
  const cliArgs = ['run-many', '-t', target, '--outputStyle=static', ...args];
  if (projects) cliArgs.push(`--projects=${projects.join(',')}`);
  const { code, output } = await runCommand(NX_BIN, cliArgs, { cwd: REPO_ROOT, env: env ?? nxEnv(), capture: true });
  return { code, failed: failedProjects(output), output };
}

/** Project names under Nx's "Failed tasks:" heading. */
export function failedProjects(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  return [...plain.matchAll(/^\s*- (\S+):\S+\s*$/gm)].map((m) => m[1]);
}

/** Workspace packages: { name, dir, scripts } for each folder npm workspaces would pick up. */
export function workspacePackages() {
  const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  const dirs = root.workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return existsSync(path.join(REPO_ROOT, parent)) ? subfolders(path.join(REPO_ROOT, parent)).map((d) => path.join(parent, d)) : [];
  });
  return dirs
    .filter((d) => existsSync(path.join(REPO_ROOT, d, 'package.json')))
    .map((d) => {
      const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, d, 'package.json'), 'utf8'));
      return { name: pkg.name, dir: d, scripts: pkg.scripts ?? {} };
    });
}

function subfolders(dir) {
  return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
}
