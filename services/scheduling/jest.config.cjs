const path = require('node:path');
const testKit = path.join(__dirname, '../../libs/test-kit/src');

// Service tests run against a real database and NATS: MONGO_URL / NATS_URL from the environment, or the
// infrastructure the test-kit's global setup finds or starts.
module.exports = {
  ...require('../../jest.preset.cjs')({ dir: __dirname }),
  globalSetup: path.join(testKit, 'global-setup.ts'),
  globalTeardown: path.join(testKit, 'global-teardown.ts'),
  testTimeout: 30_000,
};
