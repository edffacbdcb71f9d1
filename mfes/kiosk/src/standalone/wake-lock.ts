type WakeLockSentinelLike = { released: boolean; release(): Promise<void> };
type WakeLockLike = { request(type: 'screen'): Promise<WakeLockSentinelLike> };

/**
 * Keeps the tablet's screen on while the kiosk shows (the Screen Wake Lock API). The browser drops the lock
 * whenever the page is hidden (the screen switched off, another app), so it is asked for again each time
 * the page is visible. Answers a function that stops it.
 */
export function keepScreenOn(nav: { wakeLock?: WakeLockLike } = navigator as never, doc: Document = document): () => void {
  const wakeLock = nav.wakeLock;
  if (!wakeLock) return () => undefined;
  let lock: WakeLockSentinelLike | null = null;
  let asking = false;
  const acquire = async () => {
    if (asking || doc.visibilityState !== 'visible' || (lock && !lock.released)) return;
    asking = true;
    try {
      lock = await wakeLock.request('screen');
    } catch {
      // Refused (battery saver, no user activation yet): the next visibility change or touch tries again.
    } finally {
      asking = false;
    }
  };
  const onVisibility = () => void acquire();
  doc.addEventListener('visibilitychange', onVisibility);
  // A browser that grants it only after a touch gets it at the first one.
  doc.addEventListener('pointerdown', onVisibility, { passive: true });
  void acquire();
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    doc.removeEventListener('pointerdown', onVisibility);
    void lock?.release();
  };
}
