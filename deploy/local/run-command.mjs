// Runs a command to completion in the foreground and reports how it ended.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** Commands running now; each has its own process group so a SIGTERM to us can stop its whole tree. */
const running = new Set();

/** Stops every running command's process tree (on Ctrl-C / SIGTERM of the launcher). */
export async function stopRunningCommands() {
  const children = [...running];
  for (const child of children) signalGroup(child.pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const child of children) signalGroup(child.pid, 'SIGKILL');
}

function signalGroup(pid, signal) {
  try { process.kill(-pid, signal); } catch { /* already gone */ }
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, capture?: boolean, echo?: boolean, prefix?: string, uid?: number, gid?: number, nice?: number }} [options]
 *   capture: collect stdout+stderr into `output`; echo (with capture): show it live as well; uid/gid: run as that account;
 *   prefix (with capture): echo line by line, each line prefixed (tells apart commands running side by side);
 *   nice: run it at this lower CPU priority, so it takes what the rest leaves (see lowerPriority).
 * @returns {Promise<{ code: number, output: string }>}
 */
export function runCommand(cmd, args, { cwd, env, capture = false, echo = true, prefix, uid, gid, nice } = {}) {
  if (nice) [cmd, args] = ['nice', ['-n', String(nice), cmd, ...args]];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: env ?? process.env,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      detached: true,
      uid,
      gid,
    });
    if (nice && child.pid) lowerPriority(child.pid, nice);
    running.add(child);
    child.on('exit', () => running.delete(child));
    let output = '';
    const collect = (stream) => {
      let partial = '';
      const flush = () => {
        if (partial) stream.write(`${prefix}${partial}\n`);
        partial = '';
      };
      if (prefix !== undefined) child.on('close', flush);
      return (chunk) => {
        output += chunk;
        if (!echo) return;
        if (prefix === undefined) {
          stream.write(chunk);
          return;
        }
        const lines = (partial + chunk).split('\n');
        partial = lines.pop();
        for (const line of lines) stream.write(`${prefix}${line}\n`);
      };
    };
    child.stdout?.on('data', collect(process.stdout));
    child.stderr?.on('data', collect(process.stderr));
    child.on('error', (err) => resolve({ code: 127, output: `${output}${err.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/**
 * A command runs in a session of its own (detached), and where the kernel groups CPU time by session
 * (sched_autogroup, on by default in most distributions' kernels) its `nice` counts only against processes of
 * that same session: every session gets an equal share whatever its processes' nice. So the session's own
 * nice (/proc/<pid>/autogroup) is lowered too. Best effort: without autogroup the file is absent and
 * `nice -n` alone does it.
 */
function lowerPriority(pid, nice) {
  const own = sessionNice();
  if (own === undefined) return; // no autogroup here (or not Linux): the process nice is enough
  try {
    // relative, as `nice -n` is: a suite that is itself at a lower priority starts its commands lower still
    writeFileSync(`/proc/${pid}/autogroup`, String(Math.min(19, own + nice)));
  } catch { /* the command has already ended */ }
}

/** The nice of a process's session where the kernel groups CPU by session (sched_autogroup), else undefined. */
export function sessionNice(pid = 'self') {
  try {
    return Number(/nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return undefined;
  }
}
