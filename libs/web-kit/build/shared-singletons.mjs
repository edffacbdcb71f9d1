// The modules every Turnbook build (shell and MFEs) shares as singletons. Remotes receive nothing else from
// the shell: session, API client and UI kit come from @turnbook/web-kit, itself shared.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webKitDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const repoRoot = path.resolve(webKitDir, '../..');
// Read package.json from disk: some packages (Mantine) do not export it.
const versionOf = (pkg) => JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** @returns {Record<string, import('@module-federation/enhanced/rspack').moduleFederationPlugin.SharedConfig>} */
export function sharedSingletons() {
  const singleton = (pkg, extra = {}) => ({ singleton: true, requiredVersion: `^${versionOf(pkg)}`, version: versionOf(pkg), ...extra });
  const webKitVersion = versionOf('@turnbook/web-kit');
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    // Shared through web-kit's curated client surface of react-router: the whole package (data routers,
    // SSR, RSC helpers) is ~65 KB gzip and a shared module cannot be tree-shaken; the declarative client API
    // is ~17 KB. Import routing from 'react-router-dom' only (never 'react-router'); add an export to
    // libs/web-kit/src/router/react-router-dom.ts when you need one more.
    'react-router-dom': singleton('react-router-dom', { import: path.join(webKitDir, 'src/router/react-router-dom.ts') }),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@mantine/core': singleton('@mantine/core'),
    '@mantine/hooks': singleton('@mantine/hooks'),
    '@mantine/modals': singleton('@mantine/modals'),
    '@mantine/notifications': singleton('@mantine/notifications'),
    zustand: singleton('zustand'),
    'zustand/': singleton('zustand'),
    // The session store, API client and realtime connection must exist once per page.
    '@turnbook/web-kit': { singleton: true, requiredVersion: false, version: webKitVersion },
    '@turnbook/web-kit/': { singleton: true, requiredVersion: false, version: webKitVersion },
  };
}
