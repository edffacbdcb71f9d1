import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('when the launcher that started the children is still running, then killLeftovers refuses and leaves them running', async () => {
    const first = new Supervisor({ logDir: dir, runDir: dir });
    const child = first.start('svc', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    // Another launcher of the profile: a live process recorded as this profile's launcher.
    const launcher = first.start('launcher', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await sleep(100);
    writeFileSync(path.join(dir, 'launcher.json'), JSON.stringify({ pid: launcher.child.pid, cmd: process.execPath }));
    await expect(new Supervisor({ logDir: dir, runDir: dir }).killLeftovers()).rejects.toThrow(`another launcher runs this stack (pid ${launcher.child.pid})`);
    expect(alive(child.child.pid)).toBe(true);
    await first.stopAll();
    // Once it is gone, its children are leftovers again and the next launcher takes the profile.
    await new Supervisor({ logDir: dir, runDir: dir }).killLeftovers();
    expect(JSON.parse(readFileSync(path.join(dir, 'launcher.json'), 'utf8')).pid).toBe(process.pid);
  });

  describe('when a child is kept alive', () => {
    const backoff = { firstMs: 100, maxMs: 400 };

    it('when it dies, then it is restarted after the backoff, the crash says so and the log keeps both runs', async () => {
      const crashes = [];
      const restarts = [];
      const supervisor = new Supervisor({ logDir: dir, runDir: dir, backoff, onCrash: (c) => crashes.push(c), onRestart: (r) => restarts.push(r) });
      const entry = supervisor.start('svc', process.execPath, ['-e', 'console.log("up", process.pid); setInterval(() => {}, 1000)']);
      supervisor.keepAlive(entry);
      const firstPid = entry.child.pid;
      while (!readFileSync(entry.logFile, 'utf8').includes(`up ${firstPid}`)) await sleep(20);
      process.kill(firstPid, 'SIGKILL');
      while (restarts.length === 0) await sleep(20);
      expect(crashes).toEqual([expect.objectContaining({ name: 'svc', pid: firstPid, signal: 'SIGKILL', restartInMs: 100 })]);
      expect(restarts[0]).toMatchObject({ name: 'svc', restarts: 1 });
      expect(entry.child.pid).not.toBe(firstPid);
      expect(alive(entry.child.pid)).toBe(true);
      const pids = JSON.parse(readFileSync(path.join(dir, 'pids.json'), 'utf8'));
      expect(pids).toEqual([expect.objectContaining({ name: 'svc', pid: entry.child.pid })]);
      const until = Date.now() + 5000;
      while (!readFileSync(entry.logFile, 'utf8').includes(`up ${entry.child.pid}`) && Date.now() < until) await sleep(50);
      const log = readFileSync(entry.logFile, 'utf8');
      expect(log).toContain(`up ${firstPid}`);
      expect(log).toContain('restarted by the launcher');
      expect(log).toContain(`up ${entry.child.pid}`);
      await supervisor.stopAll();
      expect(alive(entry.child.pid)).toBe(false);
    });

    it('when its leader is killed, then what it spawned is stopped before it starts again (PostgreSQL\'s backends would hold its port)', async () => {
      const restarts = [];
      const supervisor = new Supervisor({ logDir: dir, runDir: dir, backoff: { firstMs: 300, maxMs: 300 }, onRestart: (r) => restarts.push(r) });
      const entry = supervisor.start('pg', '/bin/sh', ['-c', 'sleep 300 & echo "backend $!"; wait']);
      supervisor.keepAlive(entry);
      while (!/backend \d+/.test(readFileSync(entry.logFile, 'utf8'))) await sleep(20);
      const backend = Number(/backend (\d+)/.exec(readFileSync(entry.logFile, 'utf8'))[1]);
      process.kill(entry.child.pid, 'SIGKILL');
      await sleep(150);
      expect(restarts).toEqual([]);
      expect(alive(backend)).toBe(false);
      while (restarts.length === 0) await sleep(20);
      await supervisor.stopAll();
    });

    it('when it keeps dying at once, then each wait doubles up to the maximum', async () => {
      const crashes = [];
      const supervisor = new Supervisor({ logDir: dir, runDir: dir, backoff, onCrash: (c) => crashes.push(c) });
      const entry = supervisor.start('crashy', process.execPath, ['-e', 'setTimeout(() => process.exit(1), 50)']);
      supervisor.keepAlive(entry);
      while (crashes.length < 5) await sleep(20);
      await supervisor.stopAll();
      expect(crashes.slice(0, 5).map((c) => c.restartInMs)).toEqual([100, 200, 400, 400, 400]);
    });

    it('when a run lasted long enough, then the next wait starts again from the first', async () => {
      const crashes = [];
      const supervisor = new Supervisor({ logDir: dir, runDir: dir, backoff, stableAfterMs: 1500, onCrash: (c) => crashes.push(c) });
      // dies at once twice (a marker file counts the runs), then stays up until killed
      const marker = path.join(dir, 'runs');
      const script = `const fs = require('fs'); const n = fs.existsSync(${JSON.stringify(marker)}) ? Number(fs.readFileSync(${JSON.stringify(marker)}, 'utf8')) : 0;
        fs.writeFileSync(${JSON.stringify(marker)}, String(n + 1)); if (n < 2) process.exit(1); setInterval(() => {}, 1000);`;
      const entry = supervisor.start('settles', process.execPath, ['-e', script]);
      supervisor.keepAlive(entry);
      while (crashes.length < 2) await sleep(20);
      while (entry.restarts < 2) await sleep(20);
      await sleep(1800); // longer than stableAfterMs
      process.kill(entry.child.pid, 'SIGKILL');
      while (crashes.length < 3) await sleep(20);
      await supervisor.stopAll();
      expect(crashes.map((c) => c.restartInMs)).toEqual([100, 200, 100]);
    });

    it('when everything is stopped while a restart is pending, then nothing is started again', async () => {
      const crashes = [];
      const supervisor = new Supervisor({ logDir: dir, runDir: dir, backoff: { firstMs: 300, maxMs: 300 }, onCrash: (c) => crashes.push(c) });
      const entry = supervisor.start('late', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      supervisor.keepAlive(entry);
      await sleep(100);
      process.kill(entry.child.pid, 'SIGKILL');
      while (crashes.length === 0) await sleep(20);
      await supervisor.stopAll();
      await sleep(500);
      expect(entry.restarts).toBe(0);
      expect(entry.exited).toBe(true);
    });
  });

  it('when a child that is not kept alive dies, then it is reported and not restarted', async () => {
    const crashes = [];
    const supervisor = new Supervisor({ logDir: dir, runDir: dir, backoff: { firstMs: 50, maxMs: 50 }, onCrash: (c) => crashes.push(c) });
    const entry = supervisor.start('once', process.execPath, ['-e', 'process.exit(2)']);
    while (crashes.length === 0) await sleep(20);
    await sleep(200);
    expect(crashes[0].restartInMs).toBeUndefined();
    expect(entry.restarts).toBe(0);
    await supervisor.stopAll();
  });
  it('when a watched child stays alive but stops answering, then it is killed and started again; a shorter silence is left alone', async () => {
    const supervisor = new Supervisor({ logDir: dir, runDir: dir, backoff: { firstMs: 50, maxMs: 50 } });
    const stuck = supervisor.start('stuck', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const paused = supervisor.start('paused', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    supervisor.keepAlive(stuck);
    supervisor.keepAlive(paused);
    const firstPids = { stuck: stuck.child.pid, paused: paused.child.pid };
    // `stuck` never answers; `paused` does not answer for 200 ms (a deliberate freeze), then does
    const began = Date.now();
    supervisor.watch(stuck, async () => false, { everyMs: 50, failAfterMs: 400 });
    supervisor.watch(paused, async () => Date.now() - began > 200, { everyMs: 50, failAfterMs: 400 });
    while (stuck.restarts === 0 && Date.now() - began < 5000) await sleep(20);
    await sleep(300);
    expect({ stuck: stuck.restarts, paused: paused.restarts }).toEqual({ stuck: expect.any(Number), paused: 0 });
    expect(stuck.restarts).toBeGreaterThanOrEqual(1);
    expect(alive(firstPids.stuck)).toBe(false);
    expect(alive(stuck.child.pid)).toBe(true);
    expect(paused.child.pid).toBe(firstPids.paused);
    expect(readFileSync(stuck.logFile, 'utf8')).toMatch(/not answering for 0 s: killed by the launcher/);
    await supervisor.stopAll();
    expect(alive(stuck.child.pid)).toBe(false);
  });
  it('when a watched child answers late but answers, then it is left alone; when a slow check finds it silent, then the silence counts from the ask', async () => {
    const supervisor = new Supervisor({ logDir: dir, runDir: dir, backoff: { firstMs: 50, maxMs: 50 } });
    try {
      const slow = supervisor.start('slow', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      const silent = supervisor.start('silent', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
      supervisor.keepAlive(slow);
      supervisor.keepAlive(silent);
      const firstSlowPid = slow.child.pid;
      // Each check waits longer than the window for its answer (a busy FerretDB's ping). `silent` fails its
      // first ask and never answers another: only a kill at the end of the first ask restarts it.
      let silentAsks = 0;
      supervisor.watch(slow, async () => { await sleep(500); return true; }, { everyMs: 50, failAfterMs: 400 });
      supervisor.watch(silent, () => (++silentAsks === 1 ? sleep(500).then(() => false) : new Promise(() => {})), { everyMs: 50, failAfterMs: 400 });
      const began = Date.now();
      while (silent.restarts === 0 && Date.now() - began < 15_000) await sleep(20);
      expect(silent.restarts).toBe(1);
      await sleep(1200);
      expect({ restarts: slow.restarts, pid: slow.child.pid }).toEqual({ restarts: 0, pid: firstSlowPid });
    } finally {
      await supervisor.stopAll();
    }
  });
});
