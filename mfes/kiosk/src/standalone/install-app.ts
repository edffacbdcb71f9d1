/**
 * Makes /kiosk/{permalink} an installable app: the store's manifest (named for the store, full screen) and
 * the service worker that keeps the app's shell for a reload while offline. Only where the browser allows a
 * service worker (a secure context: https, or localhost).
 */
export function installKioskApp(permalink: string): void {
  if (permalink) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `/api/public_getKioskManifest/${encodeURIComponent(permalink)}`;
    document.head.appendChild(link);
  }
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/kiosk/sw.js', { scope: '/kiosk/' }).catch(() => {
      // No worker (blocked, or an insecure origin): the kiosk still runs online, and its outbox still keeps sign-ins.
    });
  });
}
