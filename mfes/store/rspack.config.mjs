import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

// Federated module 'store': the shell loads './App' from /mfe/store/<version>/mf-manifest.json (see /mfe/remotes.json).
export default createMfeConfig({
  name: 'store',
  dir: import.meta.dirname,
  exposes: { './App': './src/app.tsx' },
  port: 3102,
});
