import { useIdle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, useRealtimeRefresh, type RealtimeMessage } from '@turnbook/web-kit';
import { useEffect, useRef } from 'react';
import { invalidateStore } from '../calendar-data/calendar-keys';
import { keysToRefresh } from '../calendar-data/touched';

/** The store channels whose events change what the calendar shows (libs/contracts realtime.ts). */
export const LIVE_CHANNELS = ['appointment', 'online-appointment', 'online-request', 'logs'] as const;

/**
 * Another device's booking, move, cancel or approval refreshes this calendar. The relay only lets members
 * of a store join its channels, so another store's events never arrive here.
 */
export function useStoreLive(storeId: number) {
  const refresh = storeRefresh(storeId);
  useRealtimeRefresh(`store:${storeId}:${LIVE_CHANNELS[0]}`, refresh);
  useRealtimeRefresh(`store:${storeId}:${LIVE_CHANNELS[1]}`, refresh);
  useRealtimeRefresh(`store:${storeId}:${LIVE_CHANNELS[2]}`, refresh);
  useRealtimeRefresh(`store:${storeId}:${LIVE_CHANNELS[3]}`, refresh);
}

/**
 * What an event makes the calendar read again (its day, its appointment, its channel's list): scheduling moves a
 * day's stamp before the write's events go out, so a read on the event sees the write. A resync after a
 * reconnect reads the whole store again. The calendar's and the front desk's live updates both use it.
 */
export const storeRefresh = (storeId: number) => (m: RealtimeMessage) => keysToRefresh(storeId, m);

export const IDLE_MS = 120_000;

/**
 * After 120 s without a touch, click, key or scroll, the calendar goes back to today's day view and reads
 * it again (docs/decisions.md: a tablet left on another day shows today when the next customer arrives).
 */
export function useIdleReturn(storeId: number, backToToday: () => void) {
  const idle = useIdle(IDLE_MS, { events: ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'], initialState: false });
  const qc = useQueryClient();
  const back = useRef(backToToday);
  back.current = backToToday;
  useEffect(() => {
    if (!idle) return;
    back.current();
    void invalidateStore(qc, storeId);
  }, [idle, qc, storeId]);
}

const RELOAD_MARK = 'turnbook:calendar-reloaded-at';
/** At most one reload a minute: a read that keeps failing shows the error with Retry instead of looping. */
const RELOAD_GAP_MS = 60_000;

/**
 * A failed read of today's appointments (after the query's own retries) reloads the page, as the product
 * always did; never for a refused or expired session (web-kit signs out instead) and never twice a minute.
 */
export function useReloadOnFailure(error: unknown, reload: () => void = () => window.location.reload()) {
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 404)) return;
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last < RELOAD_GAP_MS) return;
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
    reload();
  }, [error, reload]);
}
