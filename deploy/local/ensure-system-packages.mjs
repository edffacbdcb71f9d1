// Step (b): the Debian packages we run (nginx, chromium and its headless shell, postgresql), installed with apt-get on first run.
// (nats-server is built from the Go module proxy instead: Debian's is 2.9, from 2022; go-binaries.mjs.)
import { findBinary } from './find-binary.mjs';
import { runCommand } from './run-command.mjs';
import { LauncherError, info, step } from './log.mjs';

/** binary we look for -> Debian package that provides it */
export const SYSTEM_PACKAGES = {
  nginx: 'nginx-light',
  chromium: 'chromium',
  // What the browser journeys run: Chromium's headless build without the browser's UI machinery; the same
  // engine, about a quarter less CPU per journey than `chromium --headless` (the whole suite's largest cost).
  'chromium-headless-shell': 'chromium-headless-shell',
  // FerretDB's storage: initdb creates the cluster under .data/, postgres serves it on loopback
  initdb: 'postgresql',
  postgres: 'postgresql',
};

/** Installed without their recommended packages (postgresql would pull in sysstat, locales, ...). */
export const NO_RECOMMENDS = new Set(['postgresql']);

/**
 * Makes sure each binary exists, installing the missing packages when we are root.
 * @param {string[]} binaries keys of SYSTEM_PACKAGES
 * @param {Record<string, string>} [packageOf] binary -> package (tests use their own)
 * @returns {Promise<Record<string, string>>} binary name -> absolute path
 */
export async function ensureSystemPackages(binaries = Object.keys(SYSTEM_PACKAGES), packageOf = SYSTEM_PACKAGES) {
  let missing = binaries.filter((b) => !findBinary(b));
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((b) => packageOf[b]))];
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
    let install = update;
    const plain = packages.filter((p) => !NO_RECOMMENDS.has(p));
    const lean = packages.filter((p) => NO_RECOMMENDS.has(p));
    if (install.code === 0 && plain.length) install = await runCommand('apt-get', ['install', '-y', ...plain], { env });
    if (install.code === 0 && lean.length) install = await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...lean], { env });
    missing = binaries.filter((b) => !findBinary(b));
    if (install.code !== 0 || missing.length > 0) {
      throw new LauncherError(`apt-get could not install ${packages.join(' ')} (exit ${install.code}); still ${why}.`);
    }
    info('Debian packages installed');
  }
  return Object.fromEntries(binaries.map((b) => [b, findBinary(b)]));
}
