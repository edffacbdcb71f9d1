const preset = require('../../jest.preset.cjs')({ dir: __dirname });
module.exports = {
  ...preset,
  testMatch: ['<rootDir>/journeys/**/*.test.ts', '<rootDir>/api/**/*.test.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
