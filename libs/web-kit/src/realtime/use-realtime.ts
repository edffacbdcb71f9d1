import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { refreshAccessToken } from '../api/api-client';
import { tokenExpiry } from '../api/jwt';
import { getSession, useSession } from '../session/session-store';
import { RealtimeClient, type Listener, type RealtimeStatus } from './realtime-client';
import type { RealtimeMessage } from './realtime-messages';
import { refreshSoon } from './refresh-soon';

let client: RealtimeClient | null = null;

/** The relay's address on this page's host; the token never goes in it (proxies and logs keep URLs). */
export function realtimeUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/realtime`;
}

/** The page's single relay connection (web-kit is a shared singleton, so shell and MFEs use the same one). */
export function getRealtimeClient(): RealtimeClient {
  if (!client) {
    const c = new RealtimeClient({ url: () => realtimeUrl(), token: () => getSession().access_token });
    client = c;
    // Access tokens are short-lived and the relay closes a socket whose token runs out: renew the token a
    // minute before, even when no other call would (an idle calendar), and reconnect with it.
    let renewal: ReturnType<typeof setTimeout> | undefined;
    const planRenewal = (token: string | null) => {
      clearTimeout(renewal);
      const exp = token ? tokenExpiry(token) : null;
      if (exp) renewal = setTimeout(() => void refreshAccessToken(), Math.max(0, exp * 1000 - Date.now() - 60_000));
    };
    planRenewal(getSession().access_token);
    // The network is back or the page is shown again: try now rather than wait out the backoff.
    if (typeof window !== 'undefined') window.addEventListener('online', () => c.retryNow());
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && c.retryNow());
    // A login or logout changes what the relay lets us join: reconnect with the new token.
    useSession.subscribe((s, prev) => {
      if (s.access_token !== prev.access_token) {
        planRenewal(s.access_token);
        c.reconnect();
      }
    });
  }
  return client;
}

/**
 * Calls onEvent for every event on `channel` ('version', 'store:<id>:<name>', 'customer:<phone>:online-request')
 * while the component is mounted, and with `{type:'resync'}` when the channel may have missed events the relay
 * could not replay after a reconnect: then read again everything the channel covers. A null channel
 * subscribes to nothing.
 */
export function useRealtime<D = unknown>(channel: string | null | undefined, onEvent: (message: RealtimeMessage<D>) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!channel) return undefined;
    const listener: Listener = (e) => handler.current(e as RealtimeMessage<D>);
    return getRealtimeClient().subscribe(channel, listener);
  }, [channel]);
}

/**
 * Reads again what each event on `channel` touches: fixed queries, or the ones `keysOf` names from the event.
 * A burst of events reads each query once (refreshSoon): the way every live screen follows its channels.
 */
export function useRealtimeRefresh(channel: string | null | undefined, keysOf: QueryKey[] | ((message: RealtimeMessage) => QueryKey[])): void {
  const qc = useQueryClient();
  useRealtime(channel, (m) => refreshSoon(qc, typeof keysOf === 'function' ? keysOf(m) : keysOf));
}

/** Whether the page's relay connection is up ('idle' when no screen listens to anything). */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (onChange) => getRealtimeClient().onStatus(onChange),
    () => getRealtimeClient().status,
    () => 'idle',
  );
}
