// Step (b): the Debian packages we run (nats-server, nginx, chromium), installed with apt-get on first run.
import { findBinary } from './find-binary.mjs';
import { runCommand } from './run-command.mjs';
import { LauncherError, info, step } from './log.mjs';

/** binary we look for -> Debian package that provides it */
export const SYSTEM_PACKAGES = {
  'nats-server': 'nats-server',
  nginx: 'nginx-light',
  chromium: 'chromium',
};

/**
 * Makes sure each binary exists, installing the missing packages when we are root.
 * @param {string[]} binaries keys of SYSTEM_PACKAGES
 * @param {Record<string, string>} [packageOf] binary -> package (tests use their own)
 * @returns {Promise<Record<string, string>>} binary name -> absolute path
 */
export async function ensureSystemPackages(binaries = Object.keys(SYSTEM_PACKAGES), packageOf = SYSTEM_PACKAGES) {
  let missing = binaries.filter((b) => !findBinary(b));
  if (missing.length > 0) {
    const packages = missing.map((b) => packageOf[b]);
    const why = `missing: ${missing.join(', ')} (Debian packages: ${packages.join(' ')})`;
    if (process.platform !== 'linux' || !findBinary('apt-get')) {
      throw new LauncherError(`${why}. This launcher installs them with apt-get on Debian/Ubuntu; install them yourself on this system.`);
    }
    if (process.getuid?.() !== 0) {
      throw new LauncherError(`${why}. Installing needs root: run \`sudo apt-get install -y ${packages.join(' ')}\` once, then try again.`);
    }
    step(`Installing Debian packages: ${packages.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = await runCommand('apt-get', ['update'], { env });
    const install = update.code === 0
      ? await runCommand('apt-get', ['install', '-y', ...packages], { env })
      : update;
    missing = binaries.filter((b) => !findBinary(b));
    if (install.code !== 0 || missing.length > 0) {
      throw new LauncherError(`apt-get could not install ${packages.join(' ')} (exit ${install.code}); still ${why}.`);
    }
    info('Debian packages installed');
  }
  return Object.fromEntries(binaries.map((b) => [b, findBinary(b)]));
}
