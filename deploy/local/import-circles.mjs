#!/usr/bin/env node
// Import circles among our TypeScript files: groups of files that import each other in a loop, through
// relative imports (static, re-exports, type-only and dynamic `import()` alike). oxlint's import/no-cycle
// does not see the type-only ones, and madge would add a large tree of dependencies for these few lines.
//   node deploy/local/import-circles.mjs [folders…]   (default: services libs mfes shells; exit 1 on a circle)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SKIP = new Set(['node_modules', 'dist', 'coverage']);
const IMPORTS = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|(?:import|require)\(\s*(?:\/\*.*?\*\/\s*)?['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g;

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveImport(from, spec) {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((c) => existsSync(c) && statSync(c).isFile());
}

/** Each circle as its files (relative to the repository), found as strongly connected groups (Tarjan). */
export function importCircles(folders) {
  const graph = new Map();
  for (const file of folders.flatMap((f) => sourceFiles(path.resolve(REPO, f)))) {
    const deps = new Set();
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORTS)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? m[3]);
      if (target) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  let next = 0;
  const index = new Map(), low = new Map(), stack = [], onStack = new Set(), circles = [];
  const visit = (v) => {
    index.set(v, next); low.set(v, next++); stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do { w = stack.pop(); onStack.delete(w); group.push(path.relative(REPO, w)); } while (w !== v);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return { circles, files: graph.size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folders = process.argv.slice(2);
  const { circles, files } = importCircles(folders.length ? folders : ['services', 'libs', 'mfes', 'shells']);
  circles.forEach((c, i) => console.log(`${i + 1}) ${c.join(' <> ')}`));
  console.log(`${circles.length} import circle(s) in ${files} files`);
  process.exit(circles.length ? 1 : 0);
}
