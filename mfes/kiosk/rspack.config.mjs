import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

// Federated module 'kiosk': the shell loads './App' from /mfe/kiosk/mf-manifest.json (see /mfe/remotes.json).
export default createMfeConfig({
  name: 'kiosk',
  dir: import.meta.dirname,
  exposes: { './App': './src/app.tsx' },
  port: 3103,
});
