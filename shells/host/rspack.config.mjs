import { createMfeConfig } from '@turnbook/web-kit/build/create-mfe-config.mjs';

// The shell: routing, frame, session and public pages. Remotes are found at runtime in /mfe/remotes.json.
export default createMfeConfig({
  name: 'host',
  host: true,
  dir: import.meta.dirname,
  title: 'Turnbook: salon appointment scheduling',
  port: 3000,
});
