import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContractSnapshot } from './snapshot';

/** Where the release command writes the contract it released, relative to the repository's root. */
export const SNAPSHOT_FILE = 'libs/contracts/release/contract-snapshot.json';
/** Where a deliberate break is written down before it ships (docs/contracts.md says how). */
export const BREAKS_DOC = 'docs/contracts.md';

export const REPO_ROOT = path.resolve(__dirname, '../../../..');

const git = (args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The newest release tag (v<version>) reachable from HEAD, or null (no git, or no release yet). */
export function lastReleaseTag(): string | null {
  try {
    return git(['describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*']) || null;
  } catch {
    return null;
  }
}

/**
 * The contract of the last release: the snapshot file as the release's tag holds it (so editing the file
 * cannot hide a break), else the committed file (a copy of the repository without its tags).
 */
export function lastReleaseContract(): { from: string; snapshot: ContractSnapshot } {
  const tag = lastReleaseTag();
  if (tag) {
    try {
      return { from: `tag ${tag}`, snapshot: JSON.parse(git(['show', `${tag}:${SNAPSHOT_FILE}`])) as ContractSnapshot };
    } catch {
      // a tag from before the release command wrote snapshots: fall back to the file
    }
  }
  const file = path.join(REPO_ROOT, SNAPSHOT_FILE);
  if (!existsSync(file)) throw new Error(`no contract snapshot: neither a release tag with ${SNAPSHOT_FILE} nor the file (run npm run release)`);
  return { from: SNAPSHOT_FILE, snapshot: JSON.parse(readFileSync(file, 'utf8')) as ContractSnapshot };
}

/**
 * The breaks written down in docs/contracts.md under "## Accepted breaks": each is the check's own line in
 * backticks. They count until the next release, whose snapshot has them in it.
 */
export function acceptedBreaks(doc = readFileSync(path.join(REPO_ROOT, BREAKS_DOC), 'utf8')): Set<string> {
  const section = doc.split(/^## /m).find((s) => s.startsWith('Accepted breaks')) ?? '';
  return new Set([...section.matchAll(/^\s*[-*]\s+`([^`]+)`/gm)].map((m) => m[1]!));
}
