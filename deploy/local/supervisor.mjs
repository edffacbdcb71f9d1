// Runs the long-lived children (infra, services, gateway): each in its own process group with its
// output in <logs>/<name>.log; reports crashes with the last log lines; stops them all in reverse order.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LauncherError } from './log.mjs';

const STOP_GRACE_MS = 8000;

export function tailFile(file, lines = 20) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

export class Supervisor {
  /**
   * @param {{ logDir: string, runDir: string, onCrash?: (crash: { name: string, code: number|null,
   *   signal: string|null, logFile: string, tail: string }) => void, stopGraceMs?: number }} options
   *   stopGraceMs: how long a child may take to stop after SIGTERM before it gets SIGKILL
   */
  constructor({ logDir, runDir, onCrash, stopGraceMs = STOP_GRACE_MS }) {
    this.stopGraceMs = stopGraceMs;
    this.logDir = logDir;
    this.runDir = runDir;
    this.onCrash = onCrash ?? (() => {});
    this.children = []; // in start order
    this.stopping = false;
    mkdirSync(logDir, { recursive: true });
    mkdirSync(runDir, { recursive: true });
    this.pidFile = path.join(runDir, 'pids.json');
  }

  /** Kills what a previous launcher of this profile left running (it was killed before cleaning up). */
  async killLeftovers() {
    if (!existsSync(this.pidFile)) return;
    let stale = [];
    try { stale = JSON.parse(readFileSync(this.pidFile, 'utf8')); } catch { /* unreadable: ignore */ }
    // Match the command too: the pid may have been reused by an unrelated process since.
    const alive = stale.filter(({ pid, cmd }) => commandLineOf(pid)?.includes(path.basename(cmd)));
    for (const { pid } of alive) signalGroup(pid, 'SIGTERM');
    await waitUntil(() => alive.every(({ pid }) => !isAlive(pid)), this.stopGraceMs);
    for (const { pid } of alive) signalGroup(pid, 'SIGKILL');
    writeFileSync(this.pidFile, '[]');
  }

  /**
   * @param {string} name  used for the log file and messages
   * @param {string} cmd   absolute path or command on PATH
   * @param {string[]} args
   * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, uid?: number, gid?: number, stopSignal?: NodeJS.Signals }} [options]
   *   uid/gid: run as another account (PostgreSQL refuses root); stopSignal: what asks it to stop (default SIGTERM)
   */
  start(name, cmd, args, { env, cwd, uid, gid, stopSignal = 'SIGTERM' } = {}) {
    // Once stopping, starting would leave a child that nobody stops.
    if (this.stopping) throw new LauncherError(`not starting ${name}: shutting down`);
    const logFile = path.join(this.logDir, `${name}.log`);
    const fd = openSync(logFile, 'w');
    // detached: a process group of its own, so Ctrl-C reaches only us and we stop children in order,
    // and stopping a child also stops whatever it spawned.
    const child = spawn(cmd, args, { cwd, env: env ?? process.env, stdio: ['ignore', fd, fd], detached: true, uid, gid });
    closeSync(fd);
    const entry = { name, child, logFile, stopSignal, exited: false, code: null, signal: null };
    child.on('error', (err) => {
      writeFileSync(logFile, `failed to start ${cmd}: ${err.message}\n`, { flag: 'a' });
    });
    child.on('exit', (code, signal) => {
      Object.assign(entry, { exited: true, code, signal });
      if (!this.stopping && !entry.stopRequested) {
        this.onCrash({ name, code, signal, logFile, tail: tailFile(logFile) });
      }
    });
    this.children.push(entry);
    this.savePids();
    return entry;
  }

  savePids() {
    const running = this.children.filter((c) => !c.exited && c.child.pid)
      .map((c) => ({ name: c.name, pid: c.child.pid, cmd: c.child.spawnfile }));
    writeFileSync(this.pidFile, JSON.stringify(running, null, 2));
  }

  /** Stops one child: its stop signal (SIGTERM) to its group, SIGKILL after a grace period. */
  async stopOne(entry) {
    entry.stopRequested = true;
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
