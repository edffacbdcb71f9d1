import { useEffect, useState } from 'react';
import { useRealtimeStatus } from './use-realtime';

export const DISCONNECTED_TEXT = 'Reconnecting… live updates are paused';
/** A connection that comes back within this never shows the indicator (a page load, a token renewal). */
export const INDICATOR_DELAY_MS = 1500;

/**
 * Says so while the screen's live updates are down (the relay socket is closed and being retried). The
 * live region is always in the page, so a screen reader announces the text when it appears; plain styles
 * (no Mantine), so the kiosk's own app can show it too.
 */
export function ConnectionIndicator() {
  const status = useRealtimeStatus();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (status !== 'disconnected') return setShown(false);
    const timer = setTimeout(() => setShown(true), INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <div role="status" aria-live="polite" data-testid="realtime-indicator" style={shown ? BADGE : HIDDEN}>
      {shown ? DISCONNECTED_TEXT : ''}
    </div>
  );
}

const BADGE: React.CSSProperties = {
  position: 'fixed', left: 12, bottom: 12, zIndex: 400, padding: '6px 12px', borderRadius: 16,
  background: '#5c3c00', color: '#fff', fontSize: 14, lineHeight: 1.4, boxShadow: '0 1px 4px rgba(0,0,0,.3)',
};
/** Kept in the page (empty) so the live region exists before its text does. */
const HIDDEN: React.CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' };
