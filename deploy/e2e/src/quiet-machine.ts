import { existsSync } from 'node:fs';

/**
 * Waits until the package suites that share the machine during `npm test` are done: the launcher writes the
 * file E2E_QUIET_MARKER names then (deploy/local/commands/test.mjs). Unset (a run by hand against `npm start`)
 * or after `limitMs`, it returns at once. For the files of lanes.cjs's TIMED_LAST, which time a recovery.
 * @returns how long it waited, in ms
 */
export async function quietMachine(limitMs = 15 * 60_000): Promise<number> {
  const marker = process.env.E2E_QUIET_MARKER;
  const began = Date.now();
  if (!marker) return 0;
  while (!existsSync(marker) && Date.now() - began < limitMs) await new Promise((r) => setTimeout(r, 1000));
  return Date.now() - began;
}
