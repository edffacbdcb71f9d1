import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { npmDepsAreCurrent } from '../ensure-npm-deps.mjs';

describe('npm dependencies check', () => {
  let root;
  beforeEach(() => { root = mkdtempSync(path.join(os.tmpdir(), 'tb-npm-')); });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const lock = () => path.join(root, 'package-lock.json');
  const installed = () => path.join(root, 'node_modules', '.package-lock.json');
  const touch = (file, secondsAgo) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{}');
    const t = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(file, t, t);
  };

  it('when node_modules is missing, then an install is needed', () => {
    touch(lock(), 10);
    expect(npmDepsAreCurrent(root)).toBe(false);
  });

  it('when package-lock.json changed after the last install, then an install is needed', () => {
    touch(installed(), 100);
    touch(lock(), 10);
    expect(npmDepsAreCurrent(root)).toBe(false);
  });

  it('when the install is newer than package-lock.json, then nothing is installed', () => {
    touch(lock(), 100);
    touch(installed(), 10);
    expect(npmDepsAreCurrent(root)).toBe(true);
  });
});
