import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from './remote-modules';

/** Thrown when a module is not listed in remotes.json or its files cannot be loaded. */
export class RemoteUnavailableError extends Error {
  constructor(readonly remote: string, reason: string) {
    super(`${remote}: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

export const REMOTES_FILE = '/mfe/remotes.json';
let remotesFile: Promise<Record<string, string>> | null = null;

/**
 * Reads /mfe/remotes.json ({ name: manifestUrl }) once per page and registers every remote, so deploying an
 * MFE means publishing its files and editing that file: the shell is never rebuilt.
 */
export function loadRemotesFile(): Promise<Record<string, string>> {
  if (!remotesFile) {
    remotesFile = fetch(REMOTES_FILE, { cache: 'no-cache' })
      .then((res) => (res.ok ? (res.json() as Promise<Record<string, unknown>>) : {}))
      .catch(() => ({}) as Record<string, unknown>)
      .then((map) => {
        const entries = Object.entries(map ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
        if (entries.length) registerRemotes(entries.map(([name, entry]) => ({ name, entry })), { force: true });
        return Object.fromEntries(entries);
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
