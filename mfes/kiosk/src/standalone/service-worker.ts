import { CacheableResponsePlugin, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry } from 'serwist';

// Filled in at build time (rspack.config.mjs: @serwist/build's injectManifest) with the app's files.
declare const self: typeof globalThis & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/**
 * The reads the wizard needs to run offline, answered from the last copy when the network is down: the
 * store (name, zone), the services offered at the door, the staff names, and the app's manifest. Writes are
 * never cached: the sign-in outbox keeps them (localStorage) and sends them once the network is back.
 */
const OFFLINE_READS = /^\/api\/(public_getStoreByPermalink|getExternalServicesByStoreId|public_getStaffsByStoreId|public_getKioskManifest)\//;

/**
 * The kiosk tablet's service worker (scope /kiosk/): the app's shell is precached, so a reload while the
 * salon's network is down opens the wizard (every /kiosk/{permalink} page is the one index.html).
 */
const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    navigateFallback: '/mfe/kiosk/app/index.html',
    navigateFallbackAllowlist: [/^\/kiosk\//],
  },
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ url, request }) => request.method === 'GET' && url.origin === location.origin && OFFLINE_READS.test(url.pathname),
      handler: new NetworkFirst({
        cacheName: 'kiosk-reads',
        networkTimeoutSeconds: 6,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 32, maxAgeSeconds: 30 * 24 * 3600 })],
      }),
    },
  ],
});

serwist.addEventListeners();
