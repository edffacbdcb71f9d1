import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dependencyClosure } from '../package-service.mjs';

// What an artifact's node_modules holds (deploy/local/package-service.mjs): the packages the bundle requires
// and what they need, each where Node would find it.
describe('an artifact\'s production dependencies', () => {
  let root;
  const pkg = (dir, meta) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(meta));
  };
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'turnbook-closure-'));
    pkg(path.join(root, 'node_modules/a'), { name: 'a', version: '1.0.0', dependencies: { b: '^2' }, optionalDependencies: { 'a-win32-x64': '1.0.0' } });
    pkg(path.join(root, 'node_modules/a/node_modules/b'), { name: 'b', version: '2.0.0' });
    pkg(path.join(root, 'node_modules/b'), { name: 'b', version: '1.0.0', dependencies: { c: '*' } });
    pkg(path.join(root, 'node_modules/c'), { name: 'c', version: '1.0.0' });
    pkg(path.join(root, 'node_modules/unused'), { name: 'unused', version: '1.0.0' });
    mkdirSync(path.join(root, 'services/x/src'), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('when the bundle requires a and b, then their dependencies come along, nested versions stay nested, and neither a missing optional package nor an unused one is there', () => {
    const from = path.join(root, 'services/x/src');
    const closure = dependencyClosure([{ name: 'a', from }, { name: 'b', from }]);
    expect([...closure.keys()].sort()).toEqual(['node_modules/a', 'node_modules/a/node_modules/b', 'node_modules/b', 'node_modules/c']);
    expect(closure.get('node_modules/a/node_modules/b')).toBe(path.join(root, 'node_modules/a/node_modules/b'));
  });

  it('when a required package is not installed, then packaging stops and names it', () => {
    expect(() => dependencyClosure([{ name: 'missing', from: path.join(root, 'services/x/src') }])).toThrow(/missing .*is not installed/);
  });
});
