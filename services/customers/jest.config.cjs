const path = require('node:path');
const testKit = path.join(__dirname, '../../libs/test-kit/src');

// Real MongoDB-wire database and NATS for every test file: the global setup finds or starts them.
module.exports = {
  ...require('../../jest.preset.cjs')({ dir: __dirname }),
  globalSetup: path.join(testKit, 'global-setup.ts'),
  globalTeardown: path.join(testKit, 'global-teardown.ts'),
  testTimeout: 30_000,
};
