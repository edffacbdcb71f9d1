const { existsSync } = require('node:fs');
const path = require('node:path');

const preset = require('../../jest.preset.cjs')({ dir: __dirname });
// The shared test infrastructure (MONGO_URL / NATS_URL); it reuses the URLs when they are already set.
const testKit = path.join(__dirname, '../../libs/test-kit/src');
module.exports = existsSync(path.join(testKit, 'global-setup.ts'))
  ? { ...preset, globalSetup: path.join(testKit, 'global-setup.ts'), globalTeardown: path.join(testKit, 'global-teardown.ts') }
  : preset;
