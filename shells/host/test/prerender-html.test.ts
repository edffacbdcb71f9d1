import { pageHtml } from '../build/page-html.mjs';

const template =
  '<!doctype html><html lang="en"><head><meta name="description" content="Turnbook"><title>Turnbook</title>'
  + '<script defer src="/main.js"></script><link rel="preload" href="/boot.css" as="style"><link rel="preload" href="/boot.js" as="script"></head>'
  + '<body><noscript>JS</noscript><div id="root"><div class="tb-boot"><span>Turnbook</span></div></div></body></html>';
const stats = {
  chunks: [
    { id: 1, files: ['boot.js', 'boot.css'], origins: [{ request: './bootstrap' }], modules: [] },
    { id: 2, files: ['kit.js', 'kit.css'], origins: [{ request: './rich-layout' }], modules: [] },
    { id: 3, files: ['login.js', 'login.css'], origins: [{ request: './login-page' }], modules: [] },
  ],
};
const styles: Record<string, string> = { 'boot.css': 'body{margin:0}\n/*# sourceMappingURL=boot.css.map*/', 'kit.css': '.kit{color:red}', 'login.css': '.card{padding:1px}' };
const page = { url: '/login', file: 'login.html', requests: ['./login-page', './rich-layout'] };
const html = pageHtml(template, page, { html: '<h1>Log in</h1>', title: 'Log in | Turnbook', description: 'Log in <now>' }, stats, (f: string) => styles[f]);

describe('pageHtml', () => {
  it('when a page is written, then its markup replaces the boot frame in #root, marked with its address', () => {
    expect(html).toContain('<div id="root" data-prerendered="/login"><h1>Log in</h1></div></body>');
    expect(html).not.toContain('tb-boot');
  });

  it("when a page is written, then its chunks' styles are inline in request order, each with its file's address, and no preload is left, and the app starts after the first paint with its scripts preloaded then", () => {
    const order = [...html.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1]);
    expect(order).toEqual(['/boot.css', '/login.css', '/kit.css']);
    expect(html).toContain('<style data-href="/boot.css">body{margin:0}\n</style>');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<script defer src="/after-first-paint.js" data-main="/main.js" data-preload="/boot.js /login.js /kit.js"></script>');
  });

  it('when a page is written, then its title and description are its own (escaped) and Mantine starts in the light scheme', () => {
    expect(html).toContain('<title>Log in | Turnbook</title>');
    expect(html).toContain('<meta name="description" content="Log in &lt;now&gt;">');
    expect(html).toContain('<html lang="en" data-mantine-color-scheme="light">');
  });
});

describe('pageHtml for a prefix page', () => {
  const stats2 = { chunks: [...stats.chunks, { id: 4, files: ['services.js', 'services.css'], origins: [{ request: './app-services' }], modules: [] }] };
  const prefixPage = { url: '/booking/', match: '/booking/*', file: 'booking.html', requests: ['./rich-layout'], preloads: ['./app-services'] };
  const out = pageHtml(template, prefixPage, { html: '<p>Loading</p>', title: 'Book', description: 'Book online' }, stats2, (f: string) => styles[f] ?? '');

  it('when a page stands for a prefix, then #root says so and its later parts are preloaded (scripts and styles) but not inline', () => {
    expect(out).toContain('<div id="root" data-prerendered="/booking/*"><p>Loading</p></div>');
    expect(out).toContain('data-preload="/boot.js /kit.js /services.js /services.css"');
    expect(out).not.toContain('data-href="/services.css"');
  });

  it('when index.html already starts main.js after the first paint (build/preload-boot.mjs), then the page starts the same main.js with its own preloads', () => {
    const started = template.replace('<script defer src="/main.js"></script>', '<script defer src="/after-first-paint.js" data-main="/main.js" data-preload=""></script>');
    const out = pageHtml(started, page, { html: '<h1>Log in</h1>', title: 'Log in', description: 'Log in' }, stats, (f: string) => styles[f]);
    expect(out).toContain('<script defer src="/after-first-paint.js" data-main="/main.js" data-preload="/boot.js /login.js /kit.js"></script>');
  });
});

describe('pageHtml for a page with a first view', () => {
  const withFirstView = { ...page, firstView: { script: 'first-view-booking.0123abcd.js', styles: ['.m_table{width:100%}'] } };
  const out = pageHtml(template, withFirstView, { html: '<p>Card</p>', title: 'Book', description: 'Book online' }, stats, (f: string) => styles[f]);

  it('when a page has a first view, then its script runs first (deferred, before after-first-paint.js) and its styles are inline after the chunks’', () => {
    expect(out).toContain('<script defer src="/first-view-booking.0123abcd.js"></script><script defer src="/after-first-paint.js"');
    expect(out).toMatch(/<style data-href="\/kit.css">[^<]*<\/style><style>\.m_table\{width:100%\}<\/style><\/head>/);
  });

  it('when a page has none, then it has no other script than after-first-paint.js', () => {
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});

describe('pageHtml for a signed-in page', () => {
  const signedIn = { url: '/appointments', file: 'appointments.html', signedIn: true, requests: ['./rich-layout'], firstView: { script: 'first-view-signed-in.0123abcd.js', styles: [] } };
  const view = '<div id="tb-signed-in-view" class="tb-signed-in-view" data-role="customer" inert aria-hidden="true"><h1>My appointments</h1></div>';
  const out = pageHtml(template, signedIn, { html: view, title: 'My appointments', description: 'Your appointments' }, stats, (f: string) => styles[f]);

  it('when a page is signed in, then its view goes before #root, which keeps the boot frame and is not marked prerendered (the app renders it from scratch)', () => {
    expect(out).toContain(`${view}<div id="root"><div class="tb-boot"><span>Turnbook</span></div></div></body>`);
    expect(out).not.toContain('data-prerendered');
    expect(out).toContain('<script defer src="/first-view-signed-in.0123abcd.js"></script><script defer src="/after-first-paint.js"');
  });
});
