import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

/**
 * Writes dist/app-files.json: every JS and CSS file the exposed './App' loads at once (its chunk group).
 * mf-manifest.json lists some of them under a shared package instead (a chunk that also holds a shared
 * fallback's code), and the gateway preloads this list with the module's pages (deploy/nginx/generate.mjs).
 */
class WriteAppFiles {
  apply(compiler) {
    compiler.hooks.done.tap('WriteAppFiles', (stats) => {
      const { chunks = [] } = stats.toJson({ all: false, chunks: true, chunkOrigins: true });
      const files = chunks
        .filter((c) => c.origins?.some((o) => o.moduleName === 'container entry'))
        .flatMap((c) => c.files ?? [])
        .filter((f) => /\.(js|css)$/.test(f) && f !== 'remoteEntry.js');
      // Styles first: the browser needs them before it can paint what the scripts render.
      const sorted = [...new Set(files)].sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')));
      writeFileSync(path.join(compiler.options.output.path, 'app-files.json'), `${JSON.stringify({ files: sorted })}\n`);
    });
  }
}

// Federated module 'booking': the shell loads './App' from /mfe/booking/mf-manifest.json (see /mfe/remotes.json).
export default createMfeConfig({
  name: 'booking',
  dir: import.meta.dirname,
  exposes: { './App': './src/app.tsx' },
  port: 3104,
  customize: (config) => ({ ...config, plugins: [...config.plugins, new WriteAppFiles()] }),
});
