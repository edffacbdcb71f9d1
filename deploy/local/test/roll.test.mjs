import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { controlSocketOf, requestRoll, startControl } from '../control.mjs';
import { portsFor } from '../ports.mjs';
import { rollService } from '../roll.mjs';
import { Supervisor, isAlive } from '../supervisor.mjs';

// The rolling deploy inside the launcher, with a stand-in service: an HTTP server that says which pid and
// folder answer, and that logs its SIGTERM. The gateway is a recorder of what it would route to.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SERVICE = `const http = require('node:http');
const server = http.createServer((_q, res) => res.end(JSON.stringify({ pid: process.pid, dir: __dirname })))
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => { console.log('SIGTERM: draining'); server.close(() => process.exit(0)); });
`;

describe('rolling deploy', () => {
  let dir;
  let supervisor;
  const ports = portsFor('dev', { TURNBOOK_PORT_SHIFT: '7300' }); // clear of every stack on this machine
  const base = ports.services.scheduling;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tb-roll-'));
    supervisor = new Supervisor({ logDir: path.join(dir, 'logs'), runDir: path.join(dir, 'run'), stopGraceMs: 3000 });
  });
  afterEach(async () => {
    await supervisor.stopAll();
    rmSync(dir, { recursive: true, force: true });
  });

  function writeService(folder) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'main.js'), SERVICE);
    writeFileSync(path.join(folder, 'version.json'), JSON.stringify({ version: '1.2.3', commit: 'abcdef0123456789' }));
    return folder;
  }

  /** Old instances of scheduling on `k` slots, kept alive, and a roll context whose gateway records each reload. */
  async function stackWith(slots) {
    const old = writeService(path.join(dir, 'old'));
    const running = { scheduling: [] };
    for (const k of slots) {
      const name = slots.length === 1 ? 'scheduling' : `scheduling-${k}`;
      const port = base + 100 * (k - 1);
      const entry = supervisor.start(name, process.execPath, [path.join(old, 'main.js')], { env: { ...process.env, PORT: String(port) } });
      supervisor.keepAlive(entry);
      running.scheduling.push({ name, port });
    }
    for (const i of running.scheduling) await answer(i.port);
    const events = [];
    const ctx = {
      supervisor, profile: 'dev', ports, secrets: { internalToken: 't' }, publicUrl: 'http://localhost:1',
      infra: { mongoUrl: 'mongodb://127.0.0.1:1/x', natsUrl: 'nats://127.0.0.1:1' },
      dirs: { run: path.join(dir, 'run'), services: path.join(dir, 'state') }, running,
      reloadGateway: async () => { events.push({ gateway: running.scheduling.map((i) => i.port), alive: aliveNames() }); },
      saveStack: () => events.push({ saved: running.scheduling.map((i) => i.name) }),
    };
    return { ctx, events, artifact: writeService(path.join(dir, 'artifact')) };
  }
  const aliveNames = () => supervisor.children.filter((c) => !c.exited).map((c) => c.name).sort();

  async function answer(port, tries = 100) {
    for (let i = 0; i < tries; i++) {
      try { return await (await fetch(`http://127.0.0.1:${port}/health`)).json(); } catch { await sleep(50); }
    }
    throw new Error(`nothing answers on ${port}`);
  }

  it('when a service with two instances is rolled, then each is replaced by one from a copy of the artifact, put in the gateway before the old one stops, and the old ones drain on SIGTERM and are not restarted', async () => {
    const { ctx, events, artifact } = await stackWith([1, 2]);
    const oldPids = supervisor.children.map((c) => c.child.pid);
    const lines = [];
    const now = await rollService(ctx, { service: 'scheduling', artifactDir: artifact }, (l) => lines.push(l));

    expect(now.map((i) => i.port).sort()).toEqual([base, base + 200]);
    // each reload has the new instance in place of the old one, while that old one still runs
    expect(events.filter((e) => e.gateway)).toEqual([
      { gateway: [base + 100, base + 200], alive: ['scheduling-1', 'scheduling-2', 'scheduling-3'] },
      { gateway: [base, base + 200], alive: ['scheduling-1', 'scheduling-2', 'scheduling-3'] },
    ]);
    for (const i of now) {
      const who = await answer(i.port);
      expect(oldPids).not.toContain(who.pid);
      expect(who.dir).toBe(path.join(dir, 'run', 'releases', 'scheduling-1'));
    }
    // scheduling-1's slot got a new instance: the old one's log is kept beside it
    for (const log of ['scheduling-1.log.1', 'scheduling-2.log']) expect(readFileSync(path.join(dir, 'logs', log), 'utf8')).toContain('SIGTERM: draining');
    await sleep(1500); // the supervisor's first restart would come after 0.5 s
    expect(oldPids.filter((pid) => isAlive(pid))).toEqual([]);
    expect(aliveNames()).toEqual(['scheduling-1', 'scheduling-3']);
    expect(lines.at(0)).toBe('release scheduling-1 (version 1.2.3, commit abcdef012345)');
  });

  it('when a service with one instance is rolled, then it ends with one new instance on its own port', async () => {
    const { ctx, artifact } = await stackWith([1]);
    const [oldPid] = supervisor.children.map((c) => c.child.pid);
    const now = await rollService(ctx, { service: 'scheduling', artifactDir: artifact }, () => {});
    expect(now).toEqual([{ name: 'scheduling-1', port: base }]);
    expect((await answer(base)).pid).not.toBe(oldPid);
    expect(aliveNames()).toEqual(['scheduling-1']);
  });

  it('when a service is rolled twice, then only the release its instances run from is kept', async () => {
    const { ctx, artifact } = await stackWith([1, 2]);
    await rollService(ctx, { service: 'scheduling', artifactDir: artifact }, () => {});
    await rollService(ctx, { service: 'scheduling', artifactDir: artifact }, () => {});
    expect(readdirSync(path.join(dir, 'run', 'releases'))).toEqual(['scheduling-2']);
    expect(new Set(await Promise.all(ctx.running.scheduling.map(async (i) => (await answer(i.port)).dir))))
      .toEqual(new Set([path.join(dir, 'run', 'releases', 'scheduling-2')]));
  });

  it('when a new instance never gets healthy, then the roll fails and the old instances keep serving', async () => {
    const { ctx } = await stackWith([1]);
    const broken = path.join(dir, 'broken');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'main.js'), 'process.exit(4)');
    await expect(rollService(ctx, { service: 'scheduling', artifactDir: broken }, () => {})).rejects.toThrow(/exited 5 times in a row \(last: code 4\)/);
    expect(ctx.running.scheduling).toEqual([{ name: 'scheduling', port: base }]);
    expect(aliveNames()).toEqual(['scheduling']);
  });

  it('when a new instance fails its first start (the database not answering yet), then it is started again and the roll goes on', async () => {
    const { ctx, artifact } = await stackWith([1]);
    // exits once, on its first start in each folder: the marker is left beside it
    writeFileSync(path.join(artifact, 'main.js'), `const fs = require('node:fs');
const marker = require('node:path').join(__dirname, 'started-' + process.env.PORT);
if (!fs.existsSync(marker)) { fs.writeFileSync(marker, ''); console.log('database not answering'); process.exit(1); }
${SERVICE}`);
    const now = await rollService(ctx, { service: 'scheduling', artifactDir: artifact }, () => {});
    expect(now).toEqual([{ name: 'scheduling-1', port: base }]);
    expect((await answer(base)).dir).toBe(path.join(dir, 'run', 'releases', 'scheduling-1'));
    expect(readFileSync(path.join(dir, 'logs', 'scheduling-1.log'), 'utf8')).toMatch(/database not answering[\s\S]*restarted by the launcher/);
  });

  it('when the new instance cannot start on the service\'s own port, then the roll fails and what ran there before is back on it', async () => {
    const { ctx, artifact } = await stackWith([1]);
    // starts on another slot, never on the own port: the single instance's last swap fails
    writeFileSync(path.join(artifact, 'main.js'), `if (process.env.PORT === '${base}') process.exit(5);\n${SERVICE}`);
    const lines = [];
    await expect(rollService(ctx, { service: 'scheduling', artifactDir: artifact }, (l) => lines.push(l))).rejects.toThrow(/scheduling-1 exited 5 times in a row \(last: code 5\)/);
    // the other services call the own port directly: it answers, from the old folder
    expect((await answer(base)).dir).toBe(path.join(dir, 'old'));
    expect((await answer(base + 100)).dir).toBe(path.join(dir, 'run', 'releases', 'scheduling-1'));
    expect(ctx.running.scheduling).toEqual([{ name: 'scheduling', port: base }, { name: 'scheduling-2', port: base + 100 }]);
    expect(aliveNames()).toEqual(['scheduling', 'scheduling-2']);
    expect(lines).toContain(`the roll failed: scheduling starts again from what it ran before, on :${base}`);
    expect(lines.at(-1)).toBe(`gateway: scheduling -> :${base} :${base + 100}`);
  });

  it('when a roll is asked through the control socket, then its progress lines arrive and the last says done; a second roll of that service meanwhile is refused, another service\'s runs beside it', async () => {
    const runDir = path.join(dir, 'run');
    mkdirSync(runDir, { recursive: true });
    /** service -> what ends its roll */
    const finish = {};
    const began = {};
    const started = (service) => new Promise((r) => { began[service] = r; });
    const identityStarted = started('identity');
    const schedulingStarted = started('scheduling');
    const server = await startControl({
      runDir,
      roll: async (request, say) => {
        say(`rolling ${request.service}`);
        await new Promise((r) => { finish[request.service] = r; began[request.service](); });
        return [{ name: request.service, port: 1 }];
      },
    });
    try {
      const lines = [];
      const first = requestRoll(runDir, { service: 'identity', artifactDir: '/a' }, (l) => lines.push(l));
      await identityStarted;
      const again = await requestRoll(runDir, { service: 'identity', artifactDir: '/a' });
      expect(again).toEqual({ ok: false, last: 'error: a roll of identity is already running' });
      const other = requestRoll(runDir, { service: 'scheduling', artifactDir: '/s' });
      await schedulingStarted;
      finish.scheduling();
      expect(await other).toEqual({ ok: true, last: 'done: [{"name":"scheduling","port":1}]' });
      finish.identity();
      expect(await first).toEqual({ ok: true, last: 'done: [{"name":"identity","port":1}]' });
      expect(lines).toEqual(['rolling identity', 'done: [{"name":"identity","port":1}]']);
      expect(controlSocketOf(runDir)).toBe(path.join(runDir, 'control.sock'));
    } finally {
      server.close();
    }
  });
});
