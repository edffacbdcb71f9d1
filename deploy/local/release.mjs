#!/usr/bin/env node
// `npm run release -- <version|patch|minor|major>`: writes the contract as released today
// (libs/contracts/release/contract-snapshot.json, what the contract check compares with), sets the
// repository's version, commits both and tags the commit v<version>. Then it commits the tag's source as
// deploy/releases/v<version>.tar.gz (the only archive kept there): the version-skew journeys build the last
// release from it where the checkout has no tags (a CI clone). docs/contracts.md tells the rest.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContracts } from '../nginx/load-routes.mjs';
import { RELEASES_DIR, writeReleaseArchive } from './previous-release.mjs';
import { nextVersion } from './release-version.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SNAPSHOT_FILE = 'libs/contracts/release/contract-snapshot.json';
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

const wanted = process.argv[2];
if (!wanted) fail('usage: npm run release -- <version|patch|minor|major>');
if (git('status', '--porcelain')) fail('the work tree has changes: commit or stash them first');
const pkgFile = path.join(ROOT, 'package.json');
const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
const version = nextVersion(pkg.version ?? '0.0.0', wanted);
const tag = `v${version}`;
if (git('tag', '--list', tag)) fail(`${tag} exists already`);

const { contractSnapshot } = await loadContracts(path.join(ROOT, 'libs/contracts/src/contract/snapshot.ts'));
const snapshot = contractSnapshot(version);
writeFileSync(path.join(ROOT, SNAPSHOT_FILE), JSON.stringify(snapshot, null, 2) + '\n');
writeFileSync(pkgFile, JSON.stringify({ ...pkg, version }, null, 2) + '\n');
git('add', SNAPSHOT_FILE, 'package.json');
git('commit', '-m', `release ${tag}: the contract snapshot the contract check compares with`);
git('tag', '-a', tag, '-m', `Turnbook ${version}`);
for (const old of readdirSync(RELEASES_DIR).filter((f) => f.endsWith('.tar.gz'))) rmSync(path.join(RELEASES_DIR, old));
const archive = writeReleaseArchive(tag);
git('add', '--all', RELEASES_DIR);
git('commit', '-m', `release ${tag}: its source, for the version-skew journeys of a checkout without tags`);
console.log(`released ${tag}: ${Object.keys(snapshot.routes).length} routes and ${Object.keys(snapshot.events).length} events in ${SNAPSHOT_FILE}, its source in ${path.relative(ROOT, archive)}`);
