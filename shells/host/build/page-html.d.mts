/** See page-html.mjs: the HTML of one prerendered page. */
export const AFTER_FIRST_PAINT: string;
export function pageHtml(
  template: string,
  page: { url: string; match?: string; requests: string[]; preloads?: string[]; firstView?: { script: string; styles: string[] } },
  rendered: { html: string; title: string; description: string },
  stats: unknown,
  readStyle: (file: string) => string,
  publicPath?: string,
): string;
