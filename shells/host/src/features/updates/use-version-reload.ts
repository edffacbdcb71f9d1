import { useRealtime, useSession, VERSION_CHANNEL } from '@turnbook/web-kit';

/**
 * A 'version' event ({app_version, body}) means a new release: remember it in the new-update marker (which
 * log out keeps) and reload, in every open tab, logged in or not.
 */
export function useVersionReload(reload: () => void = () => window.location.reload()): void {
  useRealtime<{ app_version?: string }>(VERSION_CHANNEL, (e) => {
    // A reconnect that could not replay the channel is no release: the next one still comes as an event.
    if (e.type !== 'event') return;
    useSession.getState().setSession({ new_update: String(e.data?.app_version ?? 'ON') });
    reload();
  });
}
