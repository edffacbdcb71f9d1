#!/usr/bin/env node
// `npm run bench:lighthouse`: installs Lighthouse into bench/lighthouse/ on first use (its own lockfile),
// then runs bench/lighthouse/lighthouse.mjs (what it measures and how: see there). `npm install`, not
// `npm ci`: a package under Lighthouse asks for third-party-web@"latest", which `npm ci` refuses to take
// from the lockfile once a newer one is published.
// Not a workspace dependency: Lighthouse with its Sentry and OpenTelemetry was 218 of the repository's 1,224
// packages, installed by every clean `npm install` for this one benchmark.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmDepsAreCurrent } from '../../../deploy/local/ensure-npm-deps.mjs';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lighthouse');
if (!npmDepsAreCurrent(dir)) {
  console.log('Installing Lighthouse for this benchmark (first use): npm install in shells/host/bench/lighthouse');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { status } = spawnSync(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`npm install in ${dir} failed (exit ${status})`);
    process.exit(1);
  }
}
await import('./lighthouse/lighthouse.mjs');
