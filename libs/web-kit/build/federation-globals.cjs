// Runs first in the shell's main bundle: hands the federation SDK and its error codes (both stateless, both in
// the shell's runtime already) to the modules, whose builds take them from these globals instead of bundling a
// copy into every remoteEntry.js (create-mfe-config.mjs, MODULE_FEDERATION_GLOBALS). Same CommonJS files the
// runtime core requires, so one copy per page.
globalThis._FEDERATION_SDK = require('@module-federation/sdk');
globalThis._FEDERATION_ERROR_CODES = require('@module-federation/error-codes');
