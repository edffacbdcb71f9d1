// Stands in for @module-federation/webpack-bundler-runtime in a module served inside the shell
// (create-mfe-config.mjs): the module keeps a federation object of its own (its instance, init options and
// share scopes are per container) and takes the bundler runtime's functions from the shell's page
// (federation-globals.cjs), stateless ones that act on the webpackRequire each call is given (~4 KB gzip less
// in every remoteEntry.js). The runtime package stays the module's own: it keeps the module's instance.
const shell = globalThis._FEDERATION_BUNDLER_RUNTIME;
if (!shell) throw new Error('This module runs inside the Turnbook shell, which provides the federation bundler runtime');

const federation = {
  runtime: require('@module-federation/runtime'),
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...shell.bundlerRuntime, S: {} },
  attachShareScopeMap: shell.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

// The package's own shape: an ES module's default export, which the federation entry imports.
Object.defineProperty(exports, '__esModule', { value: true });
exports.default = federation;
