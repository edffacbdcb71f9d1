// Runs the long-lived children (infra, services, gateway): each in its own process group with its
// output in <logs>/<name>.log; reports crashes with the last log lines, restarts the children it was asked
// to keep alive (with backoff); stops them all in reverse order.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { LauncherError } from './log.mjs';

const STOP_GRACE_MS = 8000;
// A process that ran is back at once (0.1 s: its port and what it spawned are gone by then); one that keeps
// dying waits longer each time, up to 10 s.
const BACKOFF = { firstMs: 100, maxMs: 10_000 };
const STABLE_AFTER_MS = 30_000;

/**
 * A line of the launcher's in a child's log, written from a timer or an event: a log folder already removed (a
 * test's) loses the line, not the launcher.
 */
function noteInLog(entry, text) {
  try {
    writeFileSync(entry.logFile, text, { flag: 'a' });
  } catch {
    // nowhere to write it
  }
}

/**
 * @typedef {{ name: string, pid: number, code: number|null, signal: string|null, logFile: string, tail: string,
 *   restartInMs?: number }} Crash  restartInMs: set when the child is restarted after that delay
 * @typedef {{ name: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv, cwd?: string, uid?: number, gid?: number,
 *   stopSignal?: NodeJS.Signals, logFile: string,
 *   child: import('node:child_process').ChildProcess, exited: boolean, code: number|null, signal: string|null,
 *   restart: boolean, restarts: number, crashesInARow: number, startedAt?: number, stopRequested?: boolean,
 *   restartTimer?: NodeJS.Timeout, unwatch?: () => void }} Entry
 */

export function tailFile(file, lines = 20) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

export class Supervisor {
  /**
   * @param {{ logDir: string, runDir: string, onCrash?: (crash: Crash) => void,
   *   onRestart?: (restart: { name: string, pid: number, restarts: number }) => void, stopGraceMs?: number,
   *   backoff?: { firstMs: number, maxMs: number }, stableAfterMs?: number }} options
   *   stopGraceMs: how long a child may take to stop after SIGTERM before it gets SIGKILL;
   *   backoff / stableAfterMs: restart delays of children under keepAlive (see there)
   */
  constructor({ logDir, runDir, onCrash, onRestart, stopGraceMs = STOP_GRACE_MS, backoff = BACKOFF, stableAfterMs = STABLE_AFTER_MS }) {
    this.stopGraceMs = stopGraceMs;
    this.backoff = backoff;
    this.stableAfterMs = stableAfterMs;
    this.onRestart = onRestart ?? (() => {});
    this.logDir = logDir;
    this.runDir = runDir;
    this.onCrash = onCrash ?? (() => {});
    this.children = []; // in start order
    this.stopping = false;
    mkdirSync(logDir, { recursive: true });
    mkdirSync(runDir, { recursive: true });
    this.pidFile = path.join(runDir, 'pids.json');
  }

  /**
   * Kills what a previous launcher of this profile left running (it was killed before cleaning up), then
   * records this launcher as the profile's. Refuses while that launcher is still alive: its children are
   * not leftovers, and it would restart each one killed here, two launchers fighting over one stack.
   */
  async killLeftovers() {
    this.claim();
    if (!existsSync(this.pidFile)) return;
    const stale = readJson(this.pidFile) ?? []; // unreadable: nothing to stop
    // Match the command too: the pid may have been reused by an unrelated process since.
    const alive = stale.filter(({ pid, cmd }) => commandLineOf(pid)?.includes(path.basename(cmd)));
    for (const { pid } of alive) signalGroup(pid, 'SIGTERM');
    await waitUntil(() => alive.every(({ pid }) => !isAlive(pid)), this.stopGraceMs);
    for (const { pid } of alive) signalGroup(pid, 'SIGKILL');
    writeFileSync(this.pidFile, '[]');
  }

  /** Records this process as the profile's launcher; refuses while another live launcher is recorded. */
  claim() {
    const launcherFile = path.join(this.runDir, 'launcher.json');
    const other = readJson(launcherFile);
    if (other && other.pid !== process.pid && isAlive(other.pid) && commandLineOf(other.pid) === other.cmd) {
      throw new LauncherError(`another launcher runs this stack (pid ${other.pid}): stop it first (Ctrl-C in its terminal, or kill -INT ${other.pid})`);
    }
    writeFileSync(launcherFile, JSON.stringify({ pid: process.pid, cmd: commandLineOf(process.pid) }));
  }

  /**
   * @param {string} name  used for the log file and messages
   * @param {string} cmd   absolute path or command on PATH
   * @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, uid?: number, gid?: number, stopSignal?: NodeJS.Signals }} [options]
   *   uid/gid: run as another account (PostgreSQL refuses root); stopSignal: what asks it to stop (default SIGTERM)
   * @returns {Entry}
   */
  start(name, cmd, args, { env, cwd, uid, gid, stopSignal = 'SIGTERM' } = {}) {
    // Once stopping, starting would leave a child that nobody stops.
    if (this.stopping) throw new LauncherError(`not starting ${name}: shutting down`);
    /** @type {Entry} */
    const entry = {
      name, cmd, args, env, cwd, uid, gid, stopSignal, logFile: path.join(this.logDir, `${name}.log`),
      child: null, exited: false, code: null, signal: null, restart: false, restarts: 0, crashesInARow: 0,
    };
    this.spawnInto(entry, 'w');
    this.children.push(entry);
    this.savePids();
    return entry;
  }

  /**
   * From now on, restart this child whenever it dies (not during its first start: a service that cannot
   * start at all should say so, not loop). Backoff: 0.5 s doubling to 10 s, back to 0.5 s once a run
   * lasted `stableAfterMs`.
   */
  keepAlive(entry) {
    entry.restart = true;
  }

  /**
   * Restarts a child under keepAlive that is alive but stuck: when `check` has failed for `failAfterMs` in a
   * row (asked every `everyMs`, or again as soon as a slower check ends), its group gets SIGKILL and
   * keepAlive starts it again. For a server that can hang without dying (FerretDB v1 deadlocked in its
   * metadata lock under index builds, see infra.mjs); the window must outlast a deliberate freeze (chaos.mjs:
   * 10 s).
   * @param {Entry} entry
   * @param {() => Promise<boolean>} check
   */
  watch(entry, check, { everyMs = 2000, failAfterMs = 20_000 } = {}) {
    let failingSince;
    let busy = false;
    const timer = setInterval(async () => {
      if (busy || this.stopping || entry.stopRequested) return;
      if (entry.exited) { failingSince = undefined; return; } // keepAlive's turn
      busy = true;
      const pid = entry.child.pid;
      const askedAt = Date.now();
      try {
        if (await check()) { failingSince = undefined; return; }
        if (entry.child.pid !== pid || entry.exited) return; // restarted meanwhile
        // Counted from the first unanswered ask: a check that waits long for its answer (a slow server is
        // given the whole window to answer one ping) is not then given the window again.
        failingSince ??= askedAt;
        if (Date.now() - failingSince < failAfterMs) return;
        failingSince = undefined;
        noteInLog(entry, `\n--- not answering for ${Math.round(failAfterMs / 1000)} s: killed by the launcher at ${new Date().toISOString()} ---\n`);
        signalGroup(pid, 'SIGKILL');
      } finally {
        busy = false;
      }
    }, everyMs);
    timer.unref();
    entry.unwatch = () => clearInterval(timer);
  }

  /** Spawns the entry's command; a restarted child appends to the log, so the crash stays readable. */
  spawnInto(entry, logFlag) {
    const fd = openSync(entry.logFile, logFlag);
    if (logFlag === 'a') writeSync(fd, `\n--- restarted by the launcher at ${new Date().toISOString()} ---\n`);
    // detached: a process group of its own, so Ctrl-C reaches only us and we stop children in order,
    // and stopping a child also stops whatever it spawned.
    const child = spawn(entry.cmd, entry.args, {
      cwd: entry.cwd, env: entry.env ?? process.env, stdio: ['ignore', fd, fd], detached: true, uid: entry.uid, gid: entry.gid,
    });
    closeSync(fd);
    Object.assign(entry, { child, exited: false, code: null, signal: null, startedAt: Date.now() });
    child.on('error', (err) => {
      noteInLog(entry, `failed to start ${entry.cmd}: ${err.message}\n`);
    });
    child.on('exit', (code, signal) => {
      if (entry.child !== child) return;
      Object.assign(entry, { exited: true, code, signal });
      if (this.stopping || entry.stopRequested) return;
      const crash = { name: entry.name, pid: child.pid, code, signal, logFile: entry.logFile, tail: tailFile(entry.logFile) };
      if (!entry.restart) {
        this.onCrash(crash);
        return;
      }
      // What the dead leader spawned (PostgreSQL's backends) would hold its port and shared memory: it goes first.
      signalGroup(child.pid, 'SIGKILL');
      if (Date.now() - entry.startedAt >= this.stableAfterMs) entry.crashesInARow = 0;
      const delayMs = Math.min(this.backoff.firstMs * 2 ** entry.crashesInARow, this.backoff.maxMs);
      entry.crashesInARow += 1;
      this.onCrash({ ...crash, restartInMs: delayMs });
      entry.restartTimer = setTimeout(() => {
        entry.restartTimer = undefined;
        if (this.stopping || entry.stopRequested) return;
        entry.restarts += 1;
        this.spawnInto(entry, 'a');
        this.savePids();
        this.onRestart({ name: entry.name, pid: entry.child.pid, restarts: entry.restarts });
      }, delayMs);
    });
    return child;
  }

  savePids() {
    const running = this.children.filter((c) => !c.exited && c.child.pid)
      .map((c) => ({ name: c.name, pid: c.child.pid, cmd: c.child.spawnfile }));
    writeFileSync(this.pidFile, JSON.stringify(running, null, 2));
  }

  /** Stops one child: its stop signal (SIGTERM) to its group, SIGKILL after a grace period. */
  async stopOne(entry) {
    entry.stopRequested = true;
    entry.unwatch?.();
    clearTimeout(entry.restartTimer);
    if (entry.exited || !entry.child.pid) return;
    signalGroup(entry.child.pid, entry.stopSignal ?? 'SIGTERM');
    const exited = await waitUntil(() => entry.exited, this.stopGraceMs);
    if (!exited) signalGroup(entry.child.pid, 'SIGKILL');
    await waitUntil(() => entry.exited, 2000);
    // The leader may be gone while children it spawned are not: clear the whole group.
    signalGroup(entry.child.pid, 'SIGKILL');
  }

  /** Stops everything in reverse start order (gateway first, databases last). */
  async stopAll() {
    this.stopping = true;
    for (const entry of [...this.children].reverse()) await this.stopOne(entry);
    this.savePids();
  }
}

function signalGroup(pid, signal) {
  try { process.kill(-pid, signal); } catch { /* already gone */ }
}

/** A zombie (exited, not yet reaped: containers often lack an init that reaps) counts as gone. */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc (not Linux): trust kill(0)
  }
}

function readJson(file) {
  try { return JSON.parse(readFileSync(file, 'utf8')); } catch { return null; }
}

function commandLineOf(pid) {
  // nginx rewrites its title ("nginx: master process ..."), so keep the whole line
  try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]; } catch { return null; }
}

async function waitUntil(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}
