import path from 'node:path';
import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

const dir = import.meta.dirname;

// Federated module 'kiosk': the shell loads './App' from /mfe/kiosk/mf-manifest.json (see /mfe/remotes.json).
const federated = createMfeConfig({
  name: 'kiosk',
  dir,
  exposes: { './App': './src/app.tsx' },
  port: 3103,
  // dist/app is the standalone build's, made after this one (see `dependencies` below).
  customize: (c) => ({ ...c, name: 'kiosk-module', output: { ...c.output, clean: { keep: (p) => /^app([\\/]|$)/.test(p) } } }),
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
    plugins: c.plugins.filter((p) => !['CopyRspackPlugin', 'WriteBuildStats', 'ModuleFederationPlugin'].includes(p?.constructor?.name)),
  }),
});

export default (env, argv) => [federated(env, argv), standalone(env, argv)];
