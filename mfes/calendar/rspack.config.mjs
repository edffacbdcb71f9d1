import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

// Federated module 'calendar': the shell loads './App' from /mfe/calendar/<version>/mf-manifest.json (see /mfe/remotes.json).
export default createMfeConfig({
  name: 'calendar',
  dir: import.meta.dirname,
  exposes: { './App': './src/app.tsx' },
  port: 3101,
});
