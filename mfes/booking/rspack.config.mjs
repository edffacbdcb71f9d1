import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

// Federated module 'booking': the shell loads './App' from /mfe/booking/mf-manifest.json (see /mfe/remotes.json).
export default createMfeConfig({
  name: 'booking',
  dir: import.meta.dirname,
  exposes: { './App': './src/app.tsx' },
  port: 3104,
});
