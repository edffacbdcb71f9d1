const preset = require('../../jest.preset.cjs')({ dir: __dirname });
const { laneSelection } = require('./lanes.cjs');

module.exports = {
  ...preset,
  // E2E_LANE (set by `npm test`) picks one lane of lanes.cjs; unset, every file runs.
  ...laneSelection(process.env.E2E_LANE || undefined, __dirname),
  testEnvironment: '<rootDir>/src/jest-environment.cjs',
  // jest's order (failed and slow files first), with lanes.cjs's TIMED_LAST at the end
  testSequencer: '<rootDir>/src/sequencer.cjs',
  setupFilesAfterEnv: [...(preset.setupFilesAfterEnv ?? []), '<rootDir>/src/setup-after-env.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
