const preset = require('../../jest.preset.cjs')({ dir: __dirname });
module.exports = {
  ...preset,
  testMatch: ['<rootDir>/journeys/**/*.test.ts', '<rootDir>/api/**/*.test.ts', '<rootDir>/system/**/*.test.ts'],
  testEnvironment: '<rootDir>/src/jest-environment.cjs',
  setupFilesAfterEnv: [...(preset.setupFilesAfterEnv ?? []), '<rootDir>/src/setup-after-env.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
