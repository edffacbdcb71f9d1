import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

// Super admin screens (/admin-*), loaded by the shell from /mfe/admin/<version>/mf-manifest.json.
export default createMfeConfig({
  name: 'admin',
  dir: import.meta.dirname,
  exposes: { './App': './src/app.tsx' },
  port: 3105,
});
