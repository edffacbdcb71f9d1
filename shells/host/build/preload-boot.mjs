import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bootFiles } from './boot-files.mjs';
import { rspack } from '@rspack/core';
import { AFTER_FIRST_PAINT } from './page-html.mjs';

/**
 * after-first-paint.js as served: build/static's file minified (its comments are most of it: 1.0 -> 0.4 KB
 * gzip on every page).
 */
export function afterFirstPaintScript() {
  const source = readFileSync(path.join(import.meta.dirname, 'static', AFTER_FIRST_PAINT), 'utf8');
  return rspack.experiments.swc.minifySync(source, { compress: true, mangle: true, ecma: 2015 }).code;
}

/**
 * Adds <link rel="preload"> for the boot files (build/boot-files.mjs) to the built index.html: the browser
 * fetches them with main.js instead of after it has run (one round trip less for every route).
 * `requests`: lazy imports every page served from index.html loads next (the rich layout, its services,
 * the menu frame: module routes and account pages), preloaded after the boot files so they arrive while the
 * boot runs instead of after it.
 */
export class PreloadBootFiles {
  constructor({ requests = [] } = {}) {
    this.requests = requests;
  }

  apply(compiler) {
    compiler.hooks.done.tap('PreloadBootFiles', (stats) => {
      const json = stats.toJson({ all: false, chunks: true, chunkModules: true, chunkOrigins: true, ids: true, publicPath: true, dependentModules: true, modulesSpace: 100000, chunkModulesSpace: 100000 });
      const publicPath = json.publicPath === 'auto' ? '/' : json.publicPath ?? '/';
      const files = [...new Set([...bootFiles(json), ...this.requests.flatMap((r) => bootFiles(json, r))])];
      const links = files
        .map((file) => `<link rel="preload" href="${publicPath}${file}" as="${file.endsWith('.css') ? 'style' : 'script'}">`)
        .join('');
      const out = compiler.options.output.path;
      const html = path.join(out, 'index.html');
      const page = readFileSync(html, 'utf8');
      if (!page.includes('</head>')) throw new Error('PreloadBootFiles: index.html has no </head>');
      const main = /<script defer(?:="defer")? src="([^"]+)"><\/script>/;
      if (!main.test(page)) throw new Error('PreloadBootFiles: index.html has no deferred main script');
      // main.js starts once the page's top bar has painted (as on the prerendered pages): evaluated before
      // the first frame, the federation runtime and the boot held the first paint back on a slow phone.
      // Its files are on the way already (the preloads above).
      writeFileSync(path.join(out, AFTER_FIRST_PAINT), afterFirstPaintScript());
      const mainSrc = main.exec(page)[1];
      writeFileSync(html, page
        .replace('</head>', `<link rel="preload" href="${mainSrc}" as="script">${links}</head>`)
        .replace(main, (_, src) => `<script defer src="${publicPath}${AFTER_FIRST_PAINT}" data-main="${src}" data-preload=""></script>`));
    });
  }
}
