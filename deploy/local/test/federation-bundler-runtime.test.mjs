// A module served inside the shell takes the federation bundler runtime's functions from the shell's page
// (libs/web-kit/build/federation-globals.mjs) and keeps its own federation object
// (libs/web-kit/build/federation-bundler-runtime.cjs, which replaces the package in the module's build).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const GLOBALS = '../../../libs/web-kit/build/federation-globals.mjs';
const STAND_IN = require.resolve('../../../libs/web-kit/build/federation-bundler-runtime.cjs');
/** Runs a CommonJS file afresh, as each module's bundle does with its own copy. */
const fresh = (file) => {
  const module = { exports: {} };
  new Function('exports', 'require', 'module', readFileSync(file, 'utf8'))(module.exports, createRequire(file), module);
  return module.exports;
};

describe("the federation bundler runtime a module takes from the shell's page", () => {
  afterEach(() => {
    delete globalThis._FEDERATION_BUNDLER_RUNTIME;
    delete globalThis._FEDERATION_ERROR_CODES;
  });

  it("when two modules load it, then each has a federation object of its own (instance, options, share scopes) over the shell's functions, shaped as the package's own", async () => {
    // The shell's page evaluates the globals file once; a fresh import gives a fresh evaluation here.
    await import(`${GLOBALS}?${Date.now()}`);
    const a = fresh(STAND_IN).default;
    const b = fresh(STAND_IN).default;
    // The shell bundles the packages' ESM builds (create-mfe-config.mjs, toFederationEsm).
    const own = (await import('@module-federation/webpack-bundler-runtime')).default;

    expect(Object.keys(a).sort()).toEqual(Object.keys(own).sort());
    expect(Object.keys(a.bundlerRuntime).sort()).toEqual(Object.keys(own.bundlerRuntime).sort());
    expect(a).not.toBe(b);
    expect(a.bundlerRuntime).not.toBe(b.bundlerRuntime);
    expect(a.bundlerRuntime.S).not.toBe(b.bundlerRuntime.S);
    expect(a.bundlerRuntimeOptions).not.toBe(b.bundlerRuntimeOptions);
    expect([a.instance, a.initOptions]).toEqual([undefined, undefined]);
    // The same functions as the package's, the exposing container's init included (the shell's own entry has none).
    for (const name of ['remotes', 'consumes', 'I', 'installInitialConsumes', 'initContainerEntry', 'init', 'getSharedFallbackGetter']) {
      expect([name, a.bundlerRuntime[name]]).toEqual([name, own.bundlerRuntime[name]]);
      expect(typeof a.bundlerRuntime[name]).toBe('function');
    }
    expect(a.attachShareScopeMap).toBe(own.attachShareScopeMap);
    // The error codes' module, for the modules' runtime (MODULE_FEDERATION_GLOBALS); no SDK any more.
    expect(globalThis._FEDERATION_ERROR_CODES.runtimeDescMap).toBe((await import('@module-federation/error-codes')).runtimeDescMap);
    expect(globalThis._FEDERATION_SDK).toBeUndefined();
    // The runtime package keeps the module's own instance: never the shell's.
    expect(a.runtime).toBe(require('@module-federation/runtime'));
  });

  it('when the page has no shell to give the functions, then loading a module says it runs inside the shell', () => {
    expect(() => fresh(STAND_IN)).toThrow('This module runs inside the Turnbook shell');
  });
});
