// The files a page needs before the shell renders anything: the chunks of its async boundary
// (import('./bootstrap')) and, for each shared module they consume (React, the router, web-kit core...), the
// chunks of the shell's own provided copy, followed transitively. Read from rspack's stats so index.html can
// preload them instead of the browser discovering them one round trip after another.
const CONSUME = /^consume shared module \(([^)]+)\) (.+?)@[^@]* \(/;

/**
 * @param {any} stats stats.toJson({ chunks, chunkModules, chunkOrigins, ids })
 * @param {string} [bootRequest] the lazy import followed; 'shared:<key>' follows the shell's provided copy of
 *   a shared module instead (one the modules consume that the shell itself loads only on demand).
 */
export function bootFiles(stats, bootRequest = './bootstrap') {
  const chunks = stats.chunks ?? [];
  const flat = (c) => (c.modules ?? []).flatMap((m) => [m, ...(m.modules ?? [])]);
  const group = (test) => chunks.filter((c) => c.origins?.some(test));
  const seen = new Set();
  const files = [];
  const shared = bootRequest.startsWith('shared:') ? bootRequest.slice('shared:'.length) : null;
  const queue = shared
    ? group((o) => o.moduleName?.startsWith(`provide shared module (default) ${shared}@`))
    : group((o) => o.request === bootRequest);
  while (queue.length) {
    const chunk = queue.shift();
    if (seen.has(chunk.id)) continue;
    seen.add(chunk.id);
    files.push(...(chunk.files ?? []).filter((f) => /\.(js|css)$/.test(f)));
    for (const m of flat(chunk)) {
      const [, scope, key] = CONSUME.exec(m.name ?? '') ?? [];
      if (key) queue.push(...group((o) => o.moduleName?.startsWith(`provide shared module (${scope}) ${key}@`)));
    }
  }
  return files;
}
