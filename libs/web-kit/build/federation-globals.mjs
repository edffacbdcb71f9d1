// Runs first in the shell's main bundle: hands the modules what their remoteEntry.js takes from the page instead
// of bundling a copy (create-mfe-config.mjs, MODULE_FEDERATION_GLOBALS): the federation error codes and the
// bundler runtime's functions. ES module imports of the same ESM builds the shell's runtime uses, so one copy per
// page and only what something uses is kept (the CommonJS builds kept every file whole).
import * as errorCodes from '@module-federation/error-codes';
import { attachShareScopeMap } from '@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js';
import { consumes } from '@module-federation/webpack-bundler-runtime/dist/consumes.js';
import { getSharedFallbackGetter } from '@module-federation/webpack-bundler-runtime/dist/getSharedFallbackGetter.js';
import { init } from '@module-federation/webpack-bundler-runtime/dist/init.js';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { initializeSharing } from '@module-federation/webpack-bundler-runtime/dist/initializeSharing.js';
import { installInitialConsumes } from '@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js';
import { remotes } from '@module-federation/webpack-bundler-runtime/dist/remotes.js';

globalThis._FEDERATION_ERROR_CODES = errorCodes;

// For federation-bundler-runtime.cjs in each module: the shell's own federation entry's functions, plus the
// exposing container's init (the shell exposes nothing, so its entry leaves it out).
globalThis._FEDERATION_BUNDLER_RUNTIME = {
  bundlerRuntime: { remotes, consumes, I: initializeSharing, installInitialConsumes, initContainerEntry, init, getSharedFallbackGetter },
  attachShareScopeMap,
};
