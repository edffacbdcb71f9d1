const path = require('node:path');

const testKit = path.join(__dirname, '../../libs/test-kit/src');

// The global setup finds or starts MongoDB/FerretDB and NATS (MONGO_URL / NATS_URL when set).
module.exports = {
  ...require('../../jest.preset.cjs')({ dir: __dirname }),
  globalSetup: path.join(testKit, 'global-setup.ts'),
  globalTeardown: path.join(testKit, 'global-teardown.ts'),
};
