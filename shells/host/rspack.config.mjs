import path from 'node:path';
import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';
import { PreloadBootFiles } from './build/preload-boot.mjs';

/**
 * Shared modules of the shell that a module's App consumes when it loads, while the shell loads them only on
 * demand (build/boot-files.mjs 'shared:<key>'): preloaded with module routes' pages, one round trip less.
 */
export const MODULE_SHARED = ['shared:@mantine/core/esm/core/DirectionProvider/DirectionProvider.mjs'];
/** The lazy imports (app.tsx, rich-layout.tsx) a page served from index.html requests after the boot. */
export const INDEX_PAGE_REQUESTS = ['./rich-layout', './app-services', '../features/frame/app-frame', ...MODULE_SHARED];

/**
 * @module-federation/retry-plugin (the registry's latest is 0.17.1) asks for SDK 0.17.1 for its logger: given the
 * SDK the runtime already carries (same createLogger; its ESM build, as the runtime's), the page holds one SDK
 * instead of two (~1 KB gzip).
 */
const withOneFederationSdk = (config) => ({
  ...config,
  resolve: { ...config.resolve, alias: { ...config.resolve.alias, '@module-federation/sdk$': path.join(import.meta.dirname, '../../node_modules/@module-federation/sdk/dist/index.js') } },
});

// The shell: routing, frame, session and public pages. Remotes are found at runtime in /mfe/remotes.json.
export default createMfeConfig({
  name: 'host',
  host: true,
  dir: import.meta.dirname,
  title: 'Turnbook: salon appointment scheduling',
  // The frame's top bar in the page itself: something paints before the scripts arrive.
  template: path.join(import.meta.dirname, 'index.html'),
  port: 3000,
  // Production builds preload what every route needs at boot (the dev server keeps index.html in memory),
  // then what every page served from index.html loads next (module routes, account pages): the rich layout,
  // its services (Mantine's stylesheet) and the menu frame.
  customize: (config) => withOneFederationSdk(config.mode === 'production'
    ? { ...config, plugins: [...config.plugins, new PreloadBootFiles({ requests: INDEX_PAGE_REQUESTS })] }
    : config),
});
