// The launcher is plain ESM (.mjs), so its tests run as native ESM without any transform
// (the package's test script starts jest with --experimental-vm-modules).
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.mjs'],
  transform: {},
  testTimeout: 30000,
};
