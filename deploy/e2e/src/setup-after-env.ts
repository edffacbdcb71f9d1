import { keepFailureArtifacts, openContexts } from './failure-artifacts';

declare global {
  var __e2eFailed: Set<string>;
}

afterEach(async () => {
  const name = expect.getState().currentTestName ?? 'unnamed';
  if (globalThis.__e2eFailed?.has(name)) {
    const kept = await keepFailureArtifacts(name);
    if (kept.length) console.error(`kept for "${name}":\n  ${kept.join('\n  ')}\n  (open a trace with: npx playwright show-trace <file>)`);
  }
  // What a passing test left open is closed without keeping its trace.
  for (const ctx of [...openContexts]) await ctx.close();
});
