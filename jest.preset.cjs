// Shared jest setup: swc transforms TS/TSX (ts-jest does not run on TypeScript 7).
const path = require('node:path');

// Packages shipped as ESM only must be transformed too.
const esmPackages = ['@nats-io', 'uuid', 'nanoid'];

/** @param {{ dir: string, env?: 'node' | 'jsdom' }} options */
module.exports = function preset({ dir, env = 'node' }) {
  return {
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
