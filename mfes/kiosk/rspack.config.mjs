import path from 'node:path';
import { rspack } from '@rspack/core';
import { injectManifest } from '@serwist/build';
import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

const dir = import.meta.dirname;

// Federated module 'kiosk': the shell loads './App' from /mfe/kiosk/<version>/mf-manifest.json (see /mfe/remotes.json).
const federated = createMfeConfig({
  name: 'kiosk',
  dir,
  exposes: { './App': './src/app.tsx' },
  port: 3103,
  // Into dist/<version>/; dist/app is the standalone build's, made after this one (see `dependencies` below).
  customize: (c) => ({ ...c, name: 'kiosk-module' }),
});

// The same wizard as the tablet's own app: dist/app/index.html, which the gateway serves for /kiosk/{permalink};
// its files are under /mfe/kiosk/app/ with the module's. No Module Federation here: the app loads no remote and
// nothing loads it, and a shared module cannot be tree-shaken (with it the first load was 187 KB gzip, without
// it 128 KB).
const standalone = createMfeConfig({
  name: 'kiosk_app',
  dir,
  standalone: true,
  entry: './src/standalone/bootstrap.tsx',
  title: 'Customer Sign In',
  port: 3113,
  customize: (c) => ({
    ...c,
    name: 'kiosk-app',
    // After the module's build, whose clean would otherwise race this one's output.
    dependencies: ['kiosk-module'],
    output: { ...c.output, path: path.join(dir, 'dist/app'), publicPath: '/mfe/kiosk/app/', uniqueName: 'turnbook_kiosk_app' },
    // Only the module's build ships routes.json (the shell's routes) and writes the build stats.
    plugins: [
      ...c.plugins.filter((p) => !['CopyRspackPlugin', 'WriteBuildStats', 'ModuleFederationPlugin'].includes(p?.constructor?.name)),
      // the app's icons (its manifest, answered by the scheduling service, names them under /mfe/kiosk/app/icons/)
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/standalone/icons', to: 'icons' }] }),
    ],
  }),
});

/**
 * Writes the service worker's list of the app's files (dist/app, hashed names kept as they are) into the
 * worker, after the app's build: @serwist/build's injectManifest (its webpack plugin's child compiler is not
 * rspack's, so the worker is built as a config of its own and the list added here).
 */
class InjectAppManifest {
  constructor(swSrc, appDir) {
    this.swSrc = swSrc;
    this.appDir = appDir;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('InjectAppManifest', async () => {
      const { count, size, warnings } = await injectManifest({
        swSrc: this.swSrc,
        swDest: path.join(this.appDir, 'sw.js'),
        globDirectory: this.appDir,
        globPatterns: ['**/*.{html,js,css,png}'],
        globIgnores: ['sw.js', '**/*.map'],
        modifyURLPrefix: { '': '/mfe/kiosk/app/' },
        // hashed file names need no revision of their own
        dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
      });
      if (warnings.length) throw new Error(`kiosk service worker: ${warnings.join('; ')}`);
      if (process.env.VERBOSE) console.log(`kiosk service worker: ${count} files, ${size} bytes precached`);
    });
  }
}

// The kiosk app's service worker (served by the gateway at /kiosk/sw.js, scope /kiosk/): built after the app,
// into the cache folder, then written to dist/app/sw.js with the app's file list.
const serviceWorker = (_env, argv = {}) => {
  const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
  const out = path.join(dir, 'node_modules/.cache/turnbook/kiosk-sw');
  return {
    name: 'kiosk-sw',
    dependencies: ['kiosk-app'],
    context: dir,
    mode: production ? 'production' : 'development',
    target: 'webworker',
    devtool: false,
    entry: { sw: './src/standalone/service-worker.ts' },
    output: { path: out, filename: 'sw.js', clean: true },
    resolve: { extensions: ['.ts', '.mjs', '.js'] },
    module: {
      rules: [{ test: /\.[cm]?[jt]s$/, exclude: /node_modules/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' } } }, type: 'javascript/auto' }],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') }),
      new InjectAppManifest(path.join(out, 'sw.js'), path.join(dir, 'dist/app')),
    ],
    optimization: { minimize: production },
    stats: 'errors-warnings',
  };
};

export default (env, argv) => [federated(env, argv), standalone(env, argv), serviceWorker(env, argv)];
