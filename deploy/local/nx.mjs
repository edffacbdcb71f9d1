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
 * @param {{ projects?: string[], args?: string[], env?: NodeJS.ProcessEnv, outputStyle?: 'static' | 'stream' }} [options]
 *   args: Nx flags, and after a '--' the arguments passed on to every project's script
 */
export async function nxRunMany(target, { projects, args = [], env, outputStyle = 'static' } = {}) {
  const cliArgs = ['run-many', '-t', target, `--outputStyle=${outputStyle}`];
  if (projects) cliArgs.push(`--projects=${projects.join(',')}`);
  cliArgs.push(...args);
  const { code, output } = await runCommand(NX_BIN, cliArgs, { cwd: REPO_ROOT, env: env ?? nxEnv(), capture: true });
  return { code, failed: failedProjects(output), output };
}

/**
 * Projects that did not pass, from Nx's summary: "Failed tasks:", "Tasks stopped before they finished:"
 * and "Tasks not run because …:" each head a list of `- <project>:<target>` lines.
 */
export function failedProjects(output) {
  // eslint-disable-next-line no-control-regex -- strips ANSI colour codes
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const failed = [];
  let inList = false;
  for (const line of plain.split('\n')) {
    if (/^\s*(Failed tasks|Tasks stopped before they finished|Tasks not run\b.*):\s*$/.test(line)) inList = true;
    else if (/^\s*$/.test(line)) continue;
    else if (inList && /^\s*- (\S+):\S+\s*$/.test(line)) failed.push(line.trim().slice(2).replace(/:\S+$/, ''));
    else inList = false;
  }
  return [...new Set(failed)];
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
