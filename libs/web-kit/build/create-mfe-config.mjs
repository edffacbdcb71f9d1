// One rspack + Module Federation config for the shell and every MFE, so the shared singletons and the build
// conventions cannot drift apart. Usage (mfes/<name>/rspack.config.mjs):
//
//   import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';
//   export default createMfeConfig({ name: 'store', dir: import.meta.dirname, exposes: { './App': './src/app.tsx' } });
//
// Remotes are served by the gateway under /mfe/<name>/<version>/ and found by the shell through
// /mfe/remotes.json ({ name: { entry: manifestUrl, version, routes } }), so nothing here names a remote URL.
// Each module builds into a folder of its own version (dist/<version>/, see moduleVersion): published alone,
// several versions side by side, and remotes.json picks the one that runs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { SHELL_MANTINE_CHUNK, sharedSingletons, shellProvidedMantine } from './shared-singletons.mjs';

/** The browsers the app supports: the scripts are compiled for them and the styles minified for them. */
const BROWSERS = 'chrome >= 100, safari >= 15, firefox >= 100, edge >= 100';

const webKitDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const repoRoot = path.resolve(webKitDir, '../..');
const require = createRequire(import.meta.url);

/**
 * The version a module's build is published as: MFE_VERSION when set (a release, or a test building a second
 * version), else its package.json version. Its files go to dist/<version>/.
 */
export function moduleVersion(dir) {
  const version = process.env.MFE_VERSION || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  // A folder name and a path segment of /mfe/<name>/<version>/: semver characters only.
  if (!/^\d+\.\d+\.\d+([-+][\w.-]+)?$/.test(version)) throw new Error(`MFE version '${version}' is not a semver version`);
  return version;
}

/**
 * What a module's remoteEntry.js takes from the shell's page instead of bundling (federation-globals.mjs sets
 * it): the error codes. The runtime core comes the same way (experiments.externalRuntime), and the bundler
 * runtime's functions too (federation-bundler-runtime.cjs: its per-container state stays in each build). The
 * SDK is no longer handed over: only the runtime core uses it, and the core is the shell's.
 */
const MODULE_FEDERATION_GLOBALS = { '@module-federation/error-codes': '_FEDERATION_ERROR_CODES' };

/**
 * The federation plugin names its runtime's entry files by their CommonJS builds (the bundler runtime, the
 * runtime plugins); whatever they require is then CommonJS too, kept whole: the SDK's Node helpers and every
 * export nothing uses (~8 KB gzip in the shell's main.js). Their ESM builds, beside them, let the rest go.
 */
const FEDERATION_CJS_ENTRY = /[\\/]@module-federation[\\/][\w-]+[\\/]dist[\\/].+\.cjs$/;
function toFederationEsm(data) {
  const esm = ['.js', '.mjs'].map((ext) => data.request.replace(/\.cjs$/, ext)).find((file) => existsSync(file));
  if (esm) data.request = esm;
}
/** Rspack's federation plugin aliases the runtime package to its CommonJS build: its ESM files, by name. */
const FEDERATION_RUNTIME = /^@module-federation\/runtime(\/core|\/helpers)?$/;
const federationRuntimeDist = path.join(path.dirname(require.resolve('@module-federation/runtime/package.json')), 'dist');
function toFederationRuntimeEsm(data) {
  data.request = path.join(federationRuntimeDist, `${data.request.split('/')[2] ?? 'index'}.js`);
}

/** Mantine's AppShell files that import react-remove-scroll only for its class names (remove-scroll-class-names.mjs). */
const APP_SHELL_BARS = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;
/** AppShell's sections, which import the resize handle the `resize` prop alone draws (app-shell-without-resize.mjs). */
const APP_SHELL_SECTIONS = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Navbar|Aside|Header|Footer)[\\/]/;
/** NavLink, which imports Collapse and a chevron for nested links only (nav-link-without-children.mjs). */
const NAV_LINK = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]NavLink[\\/]NavLink\.mjs$/;
/** ActionIcon, which imports its Group and GroupSection for its static members only (action-icon-without-group.mjs). */
const ACTION_ICON = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ActionIcon[\\/]ActionIcon\.mjs$/;
/** Mantine's ScrollArea, which imports @floating-ui/react only for useMergeRefs (scroll-area-merge-refs.mjs). */
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;

/** Table's scroll container, which draws a ScrollArea (table-scroll-area.mjs loads it when drawn). */
const TABLE_SCROLL_CONTAINER = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/;
const mantineScrollArea = path.join(path.dirname(require.resolve('@mantine/core')), '../esm/components/ScrollArea/ScrollArea.mjs');

/** Writes the chunk graph outside dist (not served, not committed) for shells/host/bench/bundle-size.mjs. */
class WriteBuildStats {
  constructor(file) {
    this.file = file;
  }
  apply(compiler) {
    compiler.hooks.done.tap('WriteBuildStats', (stats) => {
      const json = stats.toJson({
        all: false, entrypoints: true, chunks: true, chunkOrigins: true, chunkModules: true, chunkRelations: true,
        ids: true, assets: true, publicPath: true, chunkModulesSpace: 100000, modulesSpace: 100000, dependentModules: true,
      });
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(this.file, JSON.stringify(json));
    });
  }
}

/**
 * @param {object} o
 * @param {string} o.name            MF container name: 'host' | 'admin' | 'calendar' | 'store' | 'kiosk' | 'booking'
 * @param {string} o.dir             the package folder (import.meta.dirname)
 * @param {Record<string,string>} [o.exposes]  remote modules, e.g. { './App': './src/app.tsx' }
 * @param {boolean} [o.host]         the shell: builds index.html, publicPath '/', no container entry
 * @param {string} [o.entry]         app entry with an async boundary (default ./src/index.ts); remotes without
 *                                   a standalone page need none
 * @param {string} [o.title]         <title> of the generated index.html (host and standalone builds)
 * @param {string} [o.template]      its template (default build/index.html)
 * @param {boolean} [o.standalone]   also runs without the shell (kiosk): bundles its own federation runtime
 * @param {number} [o.port]          dev server port
 * @param {(config: import('@rspack/core').Configuration) => import('@rspack/core').Configuration} [o.customize]
 */
export function createMfeConfig(o) {
  const { name, dir, exposes, host = false, standalone = false, title = 'Turnbook', port = 3000, customize = (c) => c } = o;
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const entry = o.entry ?? (host ? './src/index.ts' : undefined);
    const withHtml = Boolean(entry);
    /** @type {import('@rspack/core').Configuration} */
    const config = {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      // A remote with no page of its own still needs an entry for rspack; the container entry is what counts.
      entry: entry ? { main: host ? [path.join(webKitDir, 'build/federation-globals.mjs'), entry] : entry } : {},
      output: {
        // The shell's one dist; a module's dist/<version>/ (its other versions stay: clean empties this one only).
        path: host || standalone ? path.join(dir, 'dist') : path.join(dir, 'dist', moduleVersion(dir)),
        // Host pages live at '/'; remotes are served from /mfe/<name>/ by the gateway but 'auto' lets the same
        // build run from its own dev server too.
        publicPath: host ? '/' : 'auto',
        uniqueName: `turnbook_${name}`,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Same aliases as tsconfig.base.json paths: lets code import a lib's sub-module
        // (e.g. '@turnbook/contracts/routes') without pulling the lib's whole index (and zod) into a bundle.
        // web-kit is resolved through its package "exports" so Module Federation can share it by name.
        alias: {
          '@turnbook/contracts': path.join(repoRoot, 'libs/contracts/src'),
          '@turnbook/domain': path.join(repoRoot, 'libs/domain/src'),
          // react-router's "exports" name only its development build (warnings, checks); production builds
          // take the one it ships for production.
          ...(production ? { 'react-router$': path.join(repoRoot, 'node_modules/react-router/dist/production/index.mjs') } : {}),
        },
      },
      module: {
        parser: {
          // A missing named export is a bug, not a warning (remotes rely on the shared router's surface).
          javascript: { exportsPresence: 'error' },
        },
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
              },
              env: { targets: BROWSERS },
            },
            type: 'javascript/auto',
          },
          {
            test: /\.css$/,
            use: [rspack.CssExtractRspackPlugin.loader, { loader: require.resolve('css-loader'), options: { importLoaders: 0 } }],
            type: 'javascript/auto',
          },
          { test: /\.(png|jpe?g|gif|webp|woff2?)$/, type: 'asset/resource' },
          { test: /\.svg$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new WriteBuildStats(path.join(dir, 'node_modules/.cache/turnbook/build-stats.json')),
        new rspack.CssExtractRspackPlugin({
          ignoreOrder: true,
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
          // No Stripe key here: the card field asks billing for it at run time (GET billing/config).
        }),
        new ModuleFederationPlugin({
          name,
          ...(exposes ? { exposes, filename: 'remoteEntry.js' } : {}),
          // Remotes are registered at runtime from /mfe/remotes.json (shell), never at build time.
          remotes: {},
          // A module's shared singletons come from what the page has loaded (the shell's), not from a
          // comparison that first fetches every registered module's remoteEntry.js (`version-first`).
          shareStrategy: 'loaded-first',
          shared: sharedSingletons({ insideShell: !host && !standalone, packageDir: dir }),
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          dev: false,
          // The federation runtime core ships once, in the shell; remotes use it (~30 KB gzip less each).
          experiments: {
            ...(host ? { provideExternalRuntime: true } : standalone ? {} : { externalRuntime: true }),
            // Browser only: the runtime's Node helpers are left out of every remoteEntry.js.
            optimization: { target: 'web' },
          },
        }),
        // Provided only: the shell's own imports of these files stay direct (shared-singletons.mjs).
        ...(host ? [new rspack.sharing.ProvideSharedPlugin({ provides: shellProvidedMantine(), enhanced: true })] : []),
        ...(!host && !standalone ? [new rspack.ExternalsPlugin('global', MODULE_FEDERATION_GLOBALS)] : []),
        new rspack.NormalModuleReplacementPlugin(FEDERATION_CJS_ENTRY, toFederationEsm),
        new rspack.NormalModuleReplacementPlugin(FEDERATION_RUNTIME, toFederationRuntimeEsm),
        // AppShell's bars read two class names from react-remove-scroll: they get them without the scroll lock.
        new rspack.NormalModuleReplacementPlugin(/^react-remove-scroll$/, (data) => {
          if (APP_SHELL_BARS.test(data.contextInfo?.issuer ?? '')) data.request = path.join(webKitDir, 'build/remove-scroll-class-names.mjs');
        }),
        // The frame's bars never resize, and its menu links never nest: their sections and links get neither part.
        new rspack.NormalModuleReplacementPlugin(/^\.\.\/AppShellResizeHandle\/AppShellResizeHandle\.mjs$/, (data) => {
          if (APP_SHELL_SECTIONS.test(data.contextInfo?.issuer ?? '')) data.request = path.join(webKitDir, 'build/app-shell-without-resize.mjs');
        }),
        // Nor do they have an aside: AppShell and its media styles get neither AppShell.Aside nor its variables.
        new rspack.NormalModuleReplacementPlugin(/^\.\/AppShellAside\/AppShellAside\.mjs$|^\.\.\/assign-aside-variables\/assign-aside-variables\.mjs$/, (data) => {
          if (APP_SHELL_BARS.test(data.contextInfo?.issuer ?? '')) data.request = path.join(webKitDir, 'build/app-shell-without-aside.mjs');
        }),
        new rspack.NormalModuleReplacementPlugin(/^\.\.\/(Collapse\/Collapse|Accordion\/AccordionChevron)\.mjs$/, (data) => {
          if (NAV_LINK.test(data.contextInfo?.issuer ?? '')) data.request = path.join(webKitDir, 'build/nav-link-without-children.mjs');
        }),
        new rspack.NormalModuleReplacementPlugin(/^\.\/ActionIconGroup(Section)?\/ActionIconGroup(Section)?\.mjs$/, (data) => {
          if (ACTION_ICON.test(data.contextInfo?.issuer ?? '')) data.request = path.join(webKitDir, 'build/action-icon-without-group.mjs');
        }),
        // ScrollArea merges its refs with floating-ui's hook: it gets the hook without the positioning library.
        new rspack.NormalModuleReplacementPlugin(/^@floating-ui\/react$/, (data) => {
          if (SCROLL_AREA.test(data.contextInfo?.issuer ?? '')) data.request = path.join(webKitDir, 'build/scroll-area-merge-refs.mjs');
        }),
        // Every Table imports its scroll container: its ScrollArea loads when one is drawn.
        new rspack.NormalModuleReplacementPlugin(/^\.\.\/ScrollArea\/ScrollArea\.mjs$/, (data) => {
          if (TABLE_SCROLL_CONTAINER.test(data.contextInfo?.issuer ?? '')) data.request = path.join(webKitDir, 'build/table-scroll-area.mjs');
        }),
        new rspack.NormalModuleReplacementPlugin(/^@turnbook\/mantine-scroll-area$/, mantineScrollArea),
        // The bundler runtime's functions come from the shell's page too (federation-bundler-runtime.cjs).
        ...(!host && !standalone ? [new rspack.NormalModuleReplacementPlugin(/[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.c?js$/, path.join(webKitDir, 'build/federation-bundler-runtime.cjs'))] : []),
        // Inside the shell, Mantine's core styles are the shell's (its app services load them whole, in
        // Mantine's order): a module's own copy of a few of them (web-kit's loading states import theirs) came
        // after and overrode the components they underlie, e.g. UnstyledButton's padding: 0 over NavLink's.
        ...(!host && !standalone ? [new rspack.NormalModuleReplacementPlugin(/^@mantine\/core\/styles(\/[\w.-]+)?\.css$/, path.join(webKitDir, 'build/empty.css'))] : []),
        // A module's routes.json (the paths it owns) ships with its files; the remotes file generator copies
        // it into /mfe/remotes.json, so the shell routes a new path without being rebuilt.
        ...(!host && existsSync(path.join(dir, 'routes.json')) ? [new rspack.CopyRspackPlugin({ patterns: [{ from: 'routes.json' }] })] : []),
        ...(withHtml
          ? [new rspack.HtmlRspackPlugin({
              template: o.template ?? path.join(webKitDir, 'build/index.html'),
              title,
              chunks: ['main'],
              scriptLoading: 'defer',
              minify: production,
            })]
          : []),
      ],
      optimization: {
        minimize: production,
        // The styles' minifier targets the same browsers as the scripts. Left to its default ('fully supports
        // es6', 2016's browsers) it rewrote every logical property Mantine uses (padding-inline-start, ...)
        // for each direction, three times over: Mantine's 295 KB sheet came out at 634 KB.
        minimizer: [new rspack.SwcJsMinimizerRspackPlugin(), new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSERS.split(', ') } })],
        // Federation needs named runtime per container; splitting vendors by hand fights shared modules.
        splitChunks: {
          chunks: 'async',
          cacheGroups: {
            // zod in a chunk of its own: left to the default grouping it shared a chunk with small layout
            // components (Container, Paper), so a page without any schema (/login) downloaded it too.
            zod: { test: /[\\/]node_modules[\\/]zod[\\/]/, name: 'zod', chunks: 'async', priority: 20, enforce: true },
            // The shell's Mantine core and frame components in one chunk: what it provides to the modules
            // (shared-singletons.mjs, MANTINE_SHELL_FILES) is then the code its own pages already loaded, where
            // a chunk per provided file repeated what the frame's chunks hold (/booking +20 KB).
            ...(host ? { mantineBase: { test: SHELL_MANTINE_CHUNK, name: 'mantine-base', chunks: 'async', priority: 30, enforce: true } } : {}),
          },
        },
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/realtime', '/mfe'], target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080', ws: true }],
      },
      stats: 'errors-warnings',
    };
    return customize(config);
  };
}
