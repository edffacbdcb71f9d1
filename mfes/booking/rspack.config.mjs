import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

/**
 * Writes dist/<version>/app-files.json: every JS and CSS file the exposed './App' loads at once (its chunk group).
 * mf-manifest.json lists some of them under a shared package instead (a chunk that also holds a shared
 * fallback's code), and the gateway preloads this list with the module's pages (deploy/nginx/generate.mjs).
 * `routes` (route path -> the webpackChunkName of its lazy page): "routes" lists each such page's own files
 * (its chunk group less the App's), which the gateway preloads with that route's page only.
 */
class WriteAppFiles {
  constructor(routes = {}) {
    this.routes = routes;
  }

  apply(compiler) {
    compiler.hooks.done.tap('WriteAppFiles', (stats) => {
      const { chunks = [], namedChunkGroups = {} } = stats.toJson({ all: false, chunks: true, chunkOrigins: true, chunkGroups: true });
      const files = chunks
        .filter((c) => c.origins?.some((o) => o.moduleName === 'container entry'))
        .flatMap((c) => c.files ?? [])
        .filter((f) => /\.(js|css)$/.test(f) && f !== 'remoteEntry.js');
      // Styles first: the browser needs them before it can paint what the scripts render.
      const sorted = [...new Set(files)].sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')));
      const routes = Object.fromEntries(Object.entries(this.routes).map(([at, group]) => {
        const own = (namedChunkGroups[group]?.assets ?? []).map((a) => (typeof a === 'string' ? a : a.name));
        if (!own.length) throw new Error(`WriteAppFiles: no chunk group named ${group} (route ${at})`);
        return [at, own.filter((f) => /\.(js|css)$/.test(f) && !sorted.includes(f))];
      }));
      writeFileSync(path.join(compiler.options.output.path, 'app-files.json'), `${JSON.stringify({ files: sorted, routes })}\n`);
    });
  }
}

// Federated module 'booking': the shell loads './App' from /mfe/booking/<version>/mf-manifest.json (see /mfe/remotes.json).
export default createMfeConfig({
  name: 'booking',
  dir: import.meta.dirname,
  exposes: { './App': './src/app.tsx' },
  port: 3104,
  // /appointments' page is its own chunk (the booking page, most visitors' first screen, does without it).
  customize: (config) => ({ ...config, plugins: [...config.plugins, new WriteAppFiles({ '/appointments': 'booking-appointments' })] }),
});
