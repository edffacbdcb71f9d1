import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { ComponentType } from 'react';
import { parseRemotesFile, type RemoteName, type RemotesMap } from './remote-modules';

/** Thrown when a module is not listed in remotes.json or its files cannot be loaded. */
export class RemoteUnavailableError extends Error {
  constructor(readonly remote: string, reason: string) {
    super(`${remote}: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

export const REMOTES_FILE = '/mfe/remotes.json';
let remotesFile: Promise<RemotesMap> | null = null;

/**
 * A module's manifest or remoteEntry.js that fails to load (a dropped connection, a deploy in progress) is
 * fetched again by the federation runtime before the route gives up: twice, half a second apart. Only when
 * every try failed does the route show its 'not available' screen, whose Retry starts over.
 */
export const RETRY = { times: 2, delayMs: 500 };
let retrying = false;
function retryFailedLoads(): void {
  if (retrying) return;
  retrying = true;
  registerPlugins([RetryPlugin({
    fetch: { retryTimes: RETRY.times, retryDelay: RETRY.delayMs },
    script: { retryTimes: RETRY.times, retryDelay: RETRY.delayMs },
  })]);
}

/**
 * Reads /mfe/remotes.json ({ name: { entry: manifestUrl, version, routes } }) once per page and registers every
 * remote, so deploying an MFE means publishing its version's folder and naming that version in the file (npm run
 * mfe:use): the shell and the other modules are never rebuilt.
 */
export function loadRemotesFile(): Promise<RemotesMap> {
  if (!remotesFile) {
    remotesFile = fetch(REMOTES_FILE)
      .then((res) => (res.ok ? (res.json() as Promise<unknown>) : {}))
      .catch(() => ({}))
      .then((json) => {
        const map = parseRemotesFile(json);
        const entries = Object.entries(map);
        // A runtime that refuses them (none on the page) fails each module's load later, into its Try again
        // screen; the file itself still answers, so the routes it lists are known.
        try {
          retryFailedLoads();
          if (entries.length) registerRemotes(entries.map(([name, { entry }]) => ({ name, entry })), { force: true });
        } catch (e) {
          console.error('module federation runtime refused the remotes', e);
        }
        return map;
      });
  }
  return remotesFile;
}

/** Forget the cached remotes file (a retry after a failed load re-reads it). */
export function resetRemotesFile(): void {
  remotesFile = null;
}

export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  const map = await loadRemotesFile();
  if (!map[name]) throw new RemoteUnavailableError(name, 'not listed in remotes.json');
  let mod: { default?: ComponentType } | null | undefined;
  try {
    mod = await loadRemote<{ default?: ComponentType }>(`${name}/App`);
  } catch (e) {
    throw new RemoteUnavailableError(name, (e as Error)?.message ?? 'failed to load');
  }
  if (!mod?.default) throw new RemoteUnavailableError(name, 'module has no default export');
  return { default: mod.default };
}
