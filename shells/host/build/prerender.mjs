#!/usr/bin/env node
// Prerenders the public pages into the built shell (run after `rspack build`, see package.json "build"):
// dist/<page>.html holds the page's real markup and the styles it needs (inline), so the browser paints
// the heading and the form from the document alone, before any script; bootstrap.tsx hydrates it.
// The gateway serves dist/login.html for /login (try_files $uri.html) and dist/home.html for /.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import clientConfig, { INDEX_PAGE_REQUESTS, MODULE_SHARED } from '../rspack.config.mjs';
import { pageHtml } from './page-html.mjs';

const hostDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(hostDir, 'dist');
const outDir = path.join(hostDir, 'node_modules/.cache/turnbook/prerender');
const require = createRequire(import.meta.url);

/**
 * The pages rendered, each with the lazy imports its first screen resolves (app.tsx), in the order the app
 * requests them (the page's chunk, then the kit's): their chunks' styles go in that order, as the app's
 * own loading would insert them; `preloads`, what it loads next without painting it (preloaded only).
 * `file` is where the gateway finds it.
 */
export const PAGES = [
  { url: '/', file: 'home.html', requests: ['../features/home/home-page'] },
  { url: '/login', file: 'login.html', requests: ['../features/auth/login/login-page', './rich-layout'] },
  { url: '/register', file: 'register.html', requests: ['../features/auth/register/register-page', './rich-layout'] },
  // Every /booking/{permalink} (the gateway serves booking.html for them): the public frame, the loading
  // state the app shows first and the store's card, empty (src/prerender.tsx), painted before any script.
  // `firstView`: the script that fills the card from the preloaded store call before the app runs (built
  // alone, src/first-view/booking.ts) and the styles of the card's Mantine parts not among the layout's.
  {
    url: '/booking/', match: '/booking/*', file: 'booking.html', requests: ['./rich-layout'], preloads: ['./app-services', ...MODULE_SHARED],
    firstView: { entry: './src/first-view/booking.ts', styles: ['@mantine/core/styles/Group.css', '@mantine/core/styles/Table.css', '@mantine/core/styles/Anchor.css'] },
  },
  // Signed in as a customer, /appointments (src/prerender.tsx renderSignedInView): the customer's frame and
  // the page's heading and loading state, painted from the document; the app renders behind it and its
  // script removes it once the page's heading is there. Logged in, the app needs the frame and the services next.
  {
    url: '/appointments', file: 'appointments.html', signedIn: true, requests: ['./rich-layout'], preloads: INDEX_PAGE_REQUESTS.filter((r) => r !== './rich-layout'),
    firstView: { entry: './src/first-view/signed-in.ts', styles: ['AppShell', 'Burger', 'NavLink', 'Title', 'Group'].map((c) => `@mantine/core/styles/${c}.css`) },
  },
];

/** The client build's resolve and TypeScript rules, for a Node bundle of src/prerender.tsx. */
function serverConfig() {
  const client = clientConfig(undefined, { mode: 'production' });
  const isReact = /^(react|react-dom)(\/.*)?$/;
  return {
    context: hostDir,
    mode: 'production',
    target: 'node',
    devtool: false,
    entry: { prerender: './src/prerender.tsx' },
    output: { path: outDir, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: client.resolve,
    // React from node_modules, once: the same copy react-dom/static renders with.
    externals: [({ request }, callback) => (isReact.test(request) ? callback(undefined, `commonjs ${request}`) : callback())],
    module: {
      parser: client.module.parser,
      rules: [
        client.module.rules[0],
        // Styles come from the client build's files (linked below); here an import of one is a no-op.
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|jpe?g|gif|webp|woff2?|svg)$/, type: 'asset/inline' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** A page's first-view script: plain browser code (no React, no federation runtime), hashed, into dist/. */
function firstViewConfig(entry) {
  const client = clientConfig(undefined, { mode: 'production' });
  return {
    context: hostDir,
    mode: 'production',
    target: client.target ?? 'web',
    devtool: false,
    entry: { [`first-view-${path.basename(entry, '.ts')}`]: entry },
    output: { path: dist, publicPath: '/', filename: '[name].[contenthash:8].js', clean: false },
    resolve: client.resolve,
    module: { parser: client.module.parser, rules: [client.module.rules[0]] },
    optimization: { minimize: true, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The built file's name and the inline styles of a page's first view (none without one). */
async function buildFirstView(page) {
  if (!page.firstView) return undefined;
  const stats = await compile(firstViewConfig(page.firstView.entry));
  const script = (stats.toJson({ all: false, assets: true }).assets ?? []).map((a) => a.name).find((f) => /^first-view-.*\.js$/.test(f));
  if (!script) throw new Error(`prerender: ${page.firstView.entry} built no script`);
  return { script, styles: page.firstView.styles.map((s) => readFileSync(require.resolve(s), 'utf8')) };
}

function compile(config) {
  return new Promise((resolve, reject) => {
    rspack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(stats);
    });
  });
}

async function main() {
  await compile(serverConfig());
  const { renderPage, renderSignedInView } = require(path.join(outDir, 'prerender.cjs'));
  const stats = JSON.parse(readFileSync(path.join(hostDir, 'node_modules/.cache/turnbook/build-stats.json'), 'utf8'));
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const page of PAGES) {
    const firstView = await buildFirstView(page);
    const html = pageHtml(template, { ...page, firstView }, await (page.signedIn ? renderSignedInView : renderPage)(page.url), stats, (file) => readFileSync(path.join(dist, file), 'utf8'));
    mkdirSync(path.dirname(path.join(dist, page.file)), { recursive: true });
    writeFileSync(path.join(dist, page.file), html);
    console.log(`prerendered ${page.url} -> dist/${page.file} (${(html.length / 1024).toFixed(1)} KB)`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
