import { MESSAGES } from '@turnbook/contracts';
import { notFound } from '@turnbook/service-kit';
import type { FindStoresDeps } from './find-stores';

/** The kiosk app's icons (mfes/kiosk/src/standalone/icons, shipped with its build under /mfe/kiosk/app/). */
const ICONS = '/mfe/kiosk/app/icons';
const THEME = '#00838f';

const capitalised = (s: string) => s.trim().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/**
 * The web app manifest of a store's kiosk tablet (/kiosk/{permalink}): installed from the browser it opens
 * full screen, under the store's name, on the store's own kiosk page; the service worker's scope is /kiosk/.
 */
export async function kioskManifest(deps: Pick<FindStoresDeps, 'stores'>, permalink: string) {
  const store = await deps.stores.byPermalink(permalink);
  if (!store || store.status !== 'ON') throw notFound(MESSAGES.storeNotFound);
  const name = capitalised(store.name) || 'Customer Sign In';
  const start = `/kiosk/${encodeURIComponent(store.permalink)}`;
  return {
    id: start,
    name,
    short_name: name.length > 12 ? 'Sign In' : name,
    start_url: start,
    scope: '/kiosk/',
    display: 'fullscreen' as const,
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: THEME,
    icons: [
      { src: `${ICONS}/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${ICONS}/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${ICONS}/icon-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
