import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NODE_VERSION, onTurnbookNode } from '../node-runtime.mjs';
import { REPO_ROOT } from '../paths.mjs';
import { SERVICE_NAMES } from '../ports.mjs';

// Issue 33, item 6: one Node for everything, tested on the Node that ships.
describe('Turnbook\'s Node', () => {
  it('when npm test runs, then its suites run on the Node the launcher provides (24 LTS)', () => {
    expect(NODE_VERSION).toMatch(/^24\./);
    // under `npm test` the launcher put its Node first on PATH; a hand-run jest on another Node is told here
    expect(process.version).toBe(`v${NODE_VERSION}`);
  });

  it('when the launcher runs on another Node, then it installs and runs again on NODE_VERSION; on it, or once re-run, it does not', () => {
    expect(onTurnbookNode({}, '20.19.2')).toBe(false);
    expect(onTurnbookNode({}, NODE_VERSION)).toBe(true);
    expect(onTurnbookNode({ TURNBOOK_NODE: '/cache/node-v24/bin/node' }, '20.19.2')).toBe(true);
  });

  it.each(SERVICE_NAMES)('when the %s image is built, then it runs the same Node as the tests', (s) => {
    const froms = readFileSync(path.join(REPO_ROOT, 'services', s, 'Dockerfile'), 'utf8').match(/^FROM \S+/gm);
    expect(new Set(froms)).toEqual(new Set([`FROM node:${NODE_VERSION}-bookworm-slim`]));
  });

  it('when the production compose runs its node containers, then they are the same Node', () => {
    const images = readFileSync(path.join(REPO_ROOT, 'deploy/compose/docker-compose.yml'), 'utf8').match(/image: node:\S+/g);
    expect(new Set(images)).toEqual(new Set([`image: node:${NODE_VERSION}-bookworm-slim`]));
  });

  it('when package.json states the engine, then it asks for NODE_VERSION', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`^${NODE_VERSION}`);
  });
});
