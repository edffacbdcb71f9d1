// Bundles one service (run from its folder) into dist/main.js (deploy/local/bundle-service.mjs): our libs are
// inlined, every npm package stays external and is required from the repository's node_modules at run time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleService } from './bundle-service.mjs';

const cwd = process.cwd();
const pkg = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8'));
await bundleService({ serviceDir: cwd, outfile: path.join(cwd, 'dist/main.js') });
console.log(`built ${pkg.name} -> dist/main.js`);
