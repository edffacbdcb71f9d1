// The HTML of one prerendered page (build/prerender.mjs): the built index.html with the page in it.
import { bootFiles } from './boot-files.mjs';

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with the page in #root, its title and description and the styles of its chunks, inline, in
 * the order the app requests them: the first paint needs nothing but the document. Each <style> carries
 * its file's address (data-href), where the app's CSS loading finds it instead of fetching the file again.
 * Its scripts are not preloaded in the document (the boot preloads of index.html are dropped too) and
 * main.js is started by after-first-paint.js once the page has painted: the page needs none of them to
 * show, and a script that arrived before the first frame would run (federation runtime, React, hydration)
 * before it. after-first-paint.js preloads them (data-preload) when it starts main.js: the app takes its
 * modules one task at a time (src/index.ts), and their files are already on the way.
 * A page that stands for every path under a prefix (`match: '/booking/*'`) says so in data-prerendered:
 * bootstrap.tsx hydrates it on any of those paths.
 * A page with a first view (`firstView: { script, styles }`, build/prerender.mjs) gets its script first, so
 * it runs before after-first-paint.js (both deferred), and the first view's styles inline after the chunks'.
 * A signed-in page (`signedIn`) is not hydrated: its markup (a first view, src/first-view/signed-in-view.ts)
 * goes before #root, which keeps index.html's content and is rendered from scratch.
 */
export const AFTER_FIRST_PAINT = 'after-first-paint.js';

export function pageHtml(template, page, rendered, stats, readStyle, publicPath = '/') {
  const files = [...bootFiles(stats), ...page.requests.flatMap((r) => bootFiles(stats, r))];
  const styles = [...new Set(files.filter((f) => f.endsWith('.css')))];
  // `preloads`: lazy parts the page loads next whose markup is not in the first paint (a module route's
  // services): their scripts and styles are preloaded with main.js, their styles not inline.
  const later = (page.preloads ?? []).flatMap((r) => bootFiles(stats, r)).filter((f) => !styles.includes(f));
  const scripts = [...new Set([...files.filter((f) => f.endsWith('.js')), ...later])].map((f) => `${publicPath}${f}`);
  const inline = (css) => css.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '').replace(/<\/style/gi, '<\\/style');
  const head = styles.map((f) => `<style data-href="${publicPath}${f}">${inline(readStyle(f))}</style>`).join('')
    + (page.firstView?.styles ?? []).map((css) => `<style>${inline(css)}</style>`).join('');
  const firstScript = page.firstView ? `<script defer src="${publicPath}${page.firstView.script}"></script>` : '';
  const root = /<div id="root">[\s\S]*?<\/div><\/div>\s*(?=<\/body>)/;
  if (!root.test(template)) throw new Error('prerender: index.html has no <div id="root"> before </body>');
  // The main script as rspack wrote it, or as build/preload-boot.mjs left it (started after the first paint).
  const main = /<script defer(?:="defer")? src="([^"]+)"(?: data-main="([^"]+)" data-preload="[^"]*")?><\/script>/;
  if (!main.test(template)) throw new Error('prerender: index.html has no deferred main script');
  return template
    .replace(/<link rel="preload"[^>]*>/g, '')
    .replace(main, (_, src, started) => `${firstScript}<script defer src="${publicPath}${AFTER_FIRST_PAINT}" data-main="${started ?? src}" data-preload="${scripts.join(' ')}"></script>`)
    // Mantine's light scheme applies before its provider's effect would set it.
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(rendered.description)}"`)
    .replace('</head>', `${head}</head>`)
    .replace(root, (boot) => (page.signedIn ? `${rendered.html}${boot}` : `<div id="root" data-prerendered="${page.match ?? page.url}">${rendered.html}</div>`));
}
