// The Node that runs Turnbook: every service, test runner and tool the launcher starts, and the images
// (services/*/Dockerfile name the same version). A machine may have another Node (Debian's, 20.19+): the
// launcher then installs this one from the npm registry (the node-<platform>-<arch> package that the `node`
// package installs, which holds the official binary) into node_modules/.cache/turnbook/node-v<version> once,
// and runs itself again on it with its folder first on PATH, so `npm`, `npx`, jest and every child process
// run on it too. In the clone, not in ~/.cache: processes run as other accounts (runuser, PostgreSQL's)
// cannot enter root's home. Built-ins only: this runs before the npm dependencies are installed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { runCommand } from './run-command.mjs';
import { LauncherError, info, step } from './log.mjs';

/** Node 24 LTS; the images' `FROM node:<this>-bookworm-slim` must match (deploy/local/test/node-runtime.test.mjs). */
export const NODE_VERSION = '24.21.0';
/** Set in the launcher that runs on the installed Node: it does not install or start itself again. */
const REEXEC_MARK = 'TURNBOOK_NODE';

const NODE_CACHE = path.join(REPO_ROOT, 'node_modules', '.cache', 'turnbook');
export const nodeDir = (version = NODE_VERSION) => path.join(NODE_CACHE, `node-v${version}`);
export const nodeBinary = (version = NODE_VERSION) => path.join(nodeDir(version), 'bin', 'node');

/** True when this process already runs on Turnbook's Node (or the launcher above it made sure of it). */
export const onTurnbookNode = (env = process.env, version = process.versions.node) => version === NODE_VERSION || Boolean(env[REEXEC_MARK]);

/**
 * The binary of NODE_VERSION, installed on first use: npm installs node-<platform>-<arch>@<version> into a
 * fresh folder beside the cache, which is then renamed into place (two launchers at once cannot half-install it).
 * @returns {Promise<string>}
 */
export async function ensureNode(version = NODE_VERSION) {
  const bin = nodeBinary(version);
  if (existsSync(bin)) return bin;
  const pkg = `node-${process.platform}-${process.arch}`;
  step(`Installing Node ${version} from the npm registry (${pkg}) into ${nodeDir(version)}`);
  mkdirSync(NODE_CACHE, { recursive: true });
  const tmp = mkdtempSync(path.join(NODE_CACHE, `.node-v${version}-`));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { code, output } = await runCommand(npm, [
      'install', '--prefix', tmp, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`,
    ], { capture: true, echo: false });
    const installed = path.join(tmp, 'node_modules', pkg);
    if (code !== 0 || !existsSync(path.join(installed, 'bin', 'node'))) {
      throw new LauncherError(`npm could not install ${pkg}@${version} (exit ${code}):\n${output.trim()}`);
    }
    if (!existsSync(bin)) renameSync(installed, nodeDir(version));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  info(`Node ${version} installed`);
  return bin;
}

/**
 * Runs this launcher again on `node` with the same arguments and waits for it: Ctrl-C reaches both (one
 * terminal process group), so this one only waits; a SIGTERM sent to it alone is passed on.
 * @param {string} node
 * @returns {Promise<number>} the exit code to leave with
 */
export function rerunOn(node) {
  const env = { ...process.env, [REEXEC_MARK]: node, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  const pass = (signal) => () => { if (child.exitCode === null) child.kill(signal); };
  process.on('SIGINT', () => {}); // the child got it too and stops everything; we exit when it does
  process.on('SIGTERM', pass('SIGTERM'));
  process.on('SIGHUP', pass('SIGHUP'));
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 1)));
  });
}
