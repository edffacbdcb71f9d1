// The modules every Turnbook build (shell and MFEs) shares as singletons: what holds state that must exist once
// per page (React, the router, Mantine's contexts, the query client, the session). A shared module cannot be
// tree-shaken, so stateless libraries are not shared: each build bundles only what it uses.
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webKitDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const repoRoot = path.resolve(webKitDir, '../..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
// Read package.json from disk: some packages (Mantine) do not export it.
const versionOf = (pkg) => readJson(path.join(repoRoot, 'node_modules', pkg, 'package.json')).version;

/**
 * The semver range a build accepts for a shared package, from package.json: the range the built package declares
 * (its own dependencies, else web-kit's, which brings Mantine and the query client). A pinned version ("19.3.1")
 * or a workspace link ("*") becomes a caret on the version installed ("^19.3.1"): a module published alone
 * accepts any later compatible release the shell provides, and never an older or a major one it was not built for.
 */
export function requiredRange(pkg, packageDir = webKitDir) {
  const declared = (dir) => readJson(path.join(dir, 'package.json')).dependencies?.[pkg];
  const range = declared(packageDir) ?? declared(webKitDir);
  if (typeof range === 'string' && /^[\^~]\d+\.\d+\.\d+/.test(range)) return range;
  return `^${versionOf(pkg)}`;
}

/** The files of @mantine/core that create a React context read across components (theme, options, direction). */
const MANTINE_CONTEXT_FILES = [
  'core/MantineProvider/Mantine.context.mjs',
  'core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs',
  'core/DirectionProvider/DirectionProvider.mjs',
  // Not a context, but both providers above import it: shared, the default theme (with its colour
  // resolvers) is downloaded once instead of once in each provider's chunk (~4 KB gzip on every page).
  'core/MantineProvider/default-theme.mjs',
];

/**
 * Mantine's Modal, which the shell downloads on every module route (its dialogs provider renders it):
 * shared so a module that opens a Modal of its own reuses the shell's copy instead of bundling Modal, its
 * focus trap, overlay and scroll area again (~17 KB gzip). Sharing Mantine's core files the same way
 * (Box, styles API, Button...) was measured and costs more than it saves (each shared file loses module
 * concatenation and becomes a request of its own): /customers went from 264 to 269 KB. MANTINE_SHELL_FILES
 * below shares them one way only, which does save.
 */
const MANTINE_SHARED_COMPONENTS = ['components/Modal/Modal.mjs'];

/**
 * Mantine's core (Box, the styles API, the factories, the colour functions) and the components the shell's
 * frame already runs on every module route (its states, dialogs and menu): each module bundled its own copy
 * beside the shell's (~8.5 KB gzip of Box and styles API alone on /booking). The shell only provides them
 * (shellProvidedMantine: its own code keeps importing them directly, nothing of it loses module concatenation,
 * the mistake that made sharing them cost more), and a module inside the shell takes them from it.
 */
const MANTINE_SHELL_FILES = [
  'core/Box/Box.mjs',
  'core/Box/style-props/extract-style-props/extract-style-props.mjs',
  'core/InlineStyles/InlineStyles.mjs',
  'core/InlineStyles/css-object-to-string/css-object-to-string.mjs',
  'core/MantineProvider/color-functions/get-gradient/get-gradient.mjs',
  'core/MantineProvider/color-functions/get-theme-color/get-theme-color.mjs',
  'core/MantineProvider/color-functions/parse-theme-color/parse-theme-color.mjs',
  'core/MantineProvider/color-functions/to-rgba/to-rgba.mjs',
  'core/MantineProvider/use-props/use-props.mjs',
  'core/factory/factory.mjs',
  'core/factory/polymorphic-factory.mjs',
  'core/styles-api/create-vars-resolver/create-vars-resolver.mjs',
  'core/styles-api/use-styles/use-styles.mjs',
  'core/utils/filter-props/filter-props.mjs',
  'core/utils/get-size/get-size.mjs',
  'core/utils/is-number-like/is-number-like.mjs',
  'core/utils/keys/keys.mjs',
  'core/utils/units-converters/rem.mjs',
  // The frame's avatar and rows: each module's lists and cards drew their own copies (~2.4 KB gzip on /customers).
  'components/Avatar/Avatar.mjs',
  'components/Button/Button.mjs',
  'components/Center/Center.mjs',
  'components/Group/Group.mjs',
  'components/Loader/Loader.mjs',
  'components/Stack/Stack.mjs',
  'components/Text/Text.mjs',
  'components/Title/Title.mjs',
  'components/Transition/Transition.mjs',
  'components/UnstyledButton/UnstyledButton.mjs',
];

// The real path: the bundler resolves a linked node_modules (a git worktree's) to the files it points at, and
// a shared file is matched by the path it resolved to.
const mantineEsm = realpathSync(path.join(repoRoot, 'node_modules/@mantine/core/esm'));
const mantineFile = (file) => path.join(mantineEsm, file);

/** The hooks Mantine's core and the components of MANTINE_SHELL_FILES import (no others: see below). */
const MANTINE_SHELL_HOOKS = ['use-color-scheme', 'use-did-update', 'use-isomorphic-effect', 'use-media-query', 'use-mutation-observer', 'use-reduced-motion'];

/**
 * The files of the shell's one Mantine chunk (create-mfe-config.mjs, cache group mantineBase): Mantine's core,
 * the components of MANTINE_SHELL_FILES and the hooks they use, so each file the shell provides is in the chunk
 * its own pages load, never repeated in a chunk of its own. Every hook of the shell in it cost /login 3.6 KB
 * (the focus trap, drag and collapse hooks of pages loaded later).
 */
const shellComponents = MANTINE_SHELL_FILES.filter((f) => f.startsWith('components/')).map((f) => f.split('/')[1]);
export const SHELL_MANTINE_CHUNK = new RegExp(
  `[\\\\/]node_modules[\\\\/](@mantine[\\\\/]core[\\\\/]esm[\\\\/](core|components[\\\\/](${shellComponents.join('|')}))[\\\\/]|@mantine[\\\\/]hooks[\\\\/]esm[\\\\/](${MANTINE_SHELL_HOOKS.join('|')})[\\\\/]|clsx[\\\\/])`,
);

/** What the shell provides of MANTINE_SHELL_FILES, for rspack's ProvideSharedPlugin (enhanced options). */
export function shellProvidedMantine() {
  return Object.fromEntries(MANTINE_SHELL_FILES.map((file) => [
    mantineFile(file),
    { shareKey: `@mantine/core/esm/${file}`, version: versionOf('@mantine/core'), singleton: true, requiredVersion: requiredRange('@mantine/core') },
  ]));
}

/**
 * Shared by resolved file, under a share key that does not depend on where the repository is checked out.
 * A module served inside the shell takes Modal from the shell only (`import: false`, as every singleton there):
 * the shell loads it on demand now (first dialog), and of two copies not loaded yet Module Federation picks the build whose name
 * sorts last, so a module's page with a Modal downloaded the module's own, larger copy (/customers +18 KB).
 */
function mantineContexts(singleton, fromShellOnly) {
  const fromShell = fromShellOnly ? MANTINE_SHELL_FILES : [];
  return Object.fromEntries([...MANTINE_CONTEXT_FILES, ...MANTINE_SHARED_COMPONENTS, ...fromShell].map((file) => [
    mantineFile(file),
    singleton('@mantine/core', { shareKey: `@mantine/core/esm/${file}` }),
  ]));
}

/**
 * @param {{ insideShell?: boolean, packageDir?: string }} [o]  insideShell: a module that only runs inside the shell
 *   (not the shell, not standalone); packageDir: the built package's folder, whose package.json gives the ranges
 * @returns {Record<string, import('@module-federation/enhanced/rspack').moduleFederationPlugin.SharedConfig>}
 */
export function sharedSingletons({ insideShell = false, packageDir = webKitDir } = {}) {
  // Inside the shell, a module takes every singleton from the shell's page (`import: false`): the shell provides
  // each of them, so a module's own copies were never used, yet its remoteEntry.js declared a fallback for each
  // (a loader and its chunks' names, ~1 KB gzip on every module route).
  const singleton = (pkg, extra = {}) => ({ singleton: true, requiredVersion: requiredRange(pkg, packageDir), version: versionOf(pkg), ...extra, ...(insideShell ? { import: false } : {}) });
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
    // Shared through web-kit's curated surface (src/query/react-query.ts), for the same reason: the whole
    // package is ~2 KB gzip more on every module route than the hooks the screens use.
    '@tanstack/react-query': singleton('@tanstack/react-query', { import: path.join(webKitDir, 'src/query/react-query.ts') }),
    // zod is not shared: shared, it would be its whole package (~87 KB gzip with every locale) where each
    // build's tree-shaken copy is ~22 KB.
    // Mantine is not shared whole (~170 KB gzip, and a shared module cannot be tree-shaken): each build bundles
    // the components it uses, tree-shaken, and only the modules holding Mantine's React contexts are shared,
    // so every copy reads the one MantineProvider the shell mounts. @mantine/hooks holds no state: not shared.
    ...mantineContexts(singleton, insideShell),
    '@mantine/modals': singleton('@mantine/modals'),
    '@mantine/notifications': singleton('@mantine/notifications'),
    // zustand holds no state of its own (the session store lives in web-kit): not shared.
    // The session store, API client and realtime connection must exist once per page. '@turnbook/web-kit/ui'
    // and '/forms' hold no state: each build bundles the pieces it uses (react-hook-form included, so a form
    // and its fields always come from one copy), instead of every page paying for every field and state.
    '@turnbook/web-kit': singleton('@turnbook/web-kit'),
  };
}
