// Runs first in the shell's main bundle: hands the federation SDK and its error codes (both stateless, both in
// the shell's runtime already) to the modules, whose builds take them from these globals instead of bundling a
// copy into every remoteEntry.js (create-mfe-config.mjs, MODULE_FEDERATION_GLOBALS). Same CommonJS files the
// runtime core requires, so one copy per page.
globalThis._FEDERATION_SDK = require('@module-federation/sdk');
globalThis._FEDERATION_ERROR_CODES = require('@module-federation/error-codes');

// The bundler runtime's functions, for federation-bundler-runtime.cjs in each module: the same files the shell's
// own federation entry uses, plus the exposing container's init (the shell exposes nothing, so its entry leaves it out).
globalThis._FEDERATION_BUNDLER_RUNTIME = {
  bundlerRuntime: {
    remotes: require('@module-federation/webpack-bundler-runtime/dist/remotes.cjs').remotes,
    consumes: require('@module-federation/webpack-bundler-runtime/dist/consumes.cjs').consumes,
    I: require('@module-federation/webpack-bundler-runtime/dist/initializeSharing.cjs').initializeSharing,
    installInitialConsumes: require('@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.cjs').installInitialConsumes,
    initContainerEntry: require('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.cjs').initContainerEntry,
    init: require('@module-federation/webpack-bundler-runtime/dist/init.cjs').init,
    getSharedFallbackGetter: require('@module-federation/webpack-bundler-runtime/dist/getSharedFallbackGetter.cjs').getSharedFallbackGetter,
  },
  attachShareScopeMap: require('@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.cjs').attachShareScopeMap,
};
