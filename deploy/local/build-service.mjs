// Bundles one service (run from its folder) into dist/main.js: our libs are inlined,
// every npm package stays external and is required from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const cwd = process.cwd();
const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));

const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@turnbook/')) return undefined; // inline our own libs
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [path.join(cwd, 'src/main.ts')],
  outfile: path.join(cwd, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  tsconfig: path.join(cwd, 'tsconfig.json'),
  plugins: [externalNpm],
  logLevel: 'warning',
});
console.log(`built ${pkg.name} -> dist/main.js`);
