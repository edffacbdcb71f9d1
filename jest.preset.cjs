// Shared jest setup: swc transforms TS/TSX (ts-jest does not run on TypeScript 7).
const path = require('node:path');

// Packages shipped as ESM only must be transformed too.
const esmPackages = ['@nats-io', 'uuid', 'nanoid'];

const testKit = path.join(__dirname, 'libs/test-kit/src');

/**
 * @param {{ dir: string, env?: 'node' | 'jsdom', infra?: boolean }} options
 * `infra`: the suites talk to a real MongoDB-wire database and NATS; the test-kit global setup reuses
 * MONGO_URL / NATS_URL when set (the launcher sets them) and otherwise starts its own.
 */
module.exports = function preset({ dir, env = 'node', infra = false }) {
  return {
    ...(infra
      ? {
          globalSetup: path.join(testKit, 'global-setup.ts'),
          globalTeardown: path.join(testKit, 'global-teardown.ts'),
          testTimeout: 30_000,
        }
      : {}),
    // Screen tests type and click through whole wizards; on a busy 2-core machine 5 s is not enough.
    ...(env === 'jsdom' ? { testTimeout: 20_000 } : {}),
    rootDir: dir,
    testEnvironment: env,
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx', '<rootDir>/test/**/*.test.ts'],
    transform: {
      '^.+\\.(t|j|mj)sx?$': ['@swc/jest', {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      }],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    moduleNameMapper: {
      '^@turnbook/([a-z-]+)$': path.join(__dirname, 'libs/$1/src/index.ts'),
      '^@turnbook/([a-z-]+)/(.*)$': path.join(__dirname, 'libs/$1/src/$2'),
      '\\.(css|png|jpg|svg)$': path.join(__dirname, 'libs/web-kit/test/file-stub.cjs'),
    },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  };
};
