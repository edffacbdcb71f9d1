import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Supervisor, isAlive as alive } from '../supervisor.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

describe('supervisor', () => {
  let dir;
  beforeEach(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'tb-sup-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when a child crashes, then the crash is reported with its last log lines', async () => {
    const crashes = [];
    const supervisor = new Supervisor({ logDir: dir, runDir: dir, onCrash: (c) => crashes.push(c) });
    supervisor.start('flaky', process.execPath, ['-e', 'console.log("starting"); console.error("boom: no database"); process.exit(3)']);
    while (crashes.length === 0) await sleep(20);
    expect(crashes[0]).toMatchObject({ name: 'flaky', code: 3 });
    expect(crashes[0].tail).toContain('boom: no database');
    await supervisor.stopAll();
  });

  it('when everything is stopped, then no child or grandchild is left and no crash is reported', async () => {
    const crashes = [];
    const supervisor = new Supervisor({ logDir: dir, runDir: dir, onCrash: (c) => crashes.push(c), stopGraceMs: 1000 });
    // a shell with a grandchild, and a child that ignores SIGTERM (it gets SIGKILL after the grace period)
    const parent = supervisor.start('parent', '/bin/sh', ['-c', 'sleep 300 & echo $! ; wait']);
    const stubborn = supervisor.start('stubborn', process.execPath, ['-e', 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000)']);
    await sleep(300);
    const grandchild = Number(execFileSync('cat', [parent.logFile], { encoding: 'utf8' }).trim());
    expect(alive(grandchild)).toBe(true);
    await supervisor.stopAll();
    expect(alive(parent.child.pid)).toBe(false);
    expect(alive(stubborn.child.pid)).toBe(false);
    expect(alive(grandchild)).toBe(false);
    expect(crashes).toEqual([]);
  });

  it('when a previous launcher left children behind, then killLeftovers stops them', async () => {
    const first = new Supervisor({ logDir: dir, runDir: dir });
    const orphan = first.start('orphan', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await sleep(100);
    const second = new Supervisor({ logDir: dir, runDir: dir });
    await second.killLeftovers();
    await sleep(100);
    expect(alive(orphan.child.pid)).toBe(false);
  });
});
