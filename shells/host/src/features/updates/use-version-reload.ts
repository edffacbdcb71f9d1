import { isOwnVersion, useRealtime, useSession, VERSION_CHANNEL } from '@turnbook/web-kit';

/**
 * A 'version' event ({app_version, body}) means a new release: remember it in the new-update marker (which
 * log out keeps) and reload, in every open tab, logged in or not; not the super admin's tab that saved it
 * (its 'The setting was updated.' must stay on screen).
 */
export function useVersionReload(reload: () => void = () => window.location.reload()): void {
  useRealtime<{ app_version?: string }>(VERSION_CHANNEL, (e) => {
    // A reconnect that could not replay the channel is no release: the next one still comes as an event.
    if (e.type !== 'event') return;
    if (isOwnVersion(e.data?.app_version)) return;
    useSession.getState().setSession({ new_update: String(e.data?.app_version ?? 'ON') });
    reload();
  });
}
