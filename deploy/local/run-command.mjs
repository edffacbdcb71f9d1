// Runs a command to completion in the foreground and reports how it ended.
import { spawn } from 'node:child_process';

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
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, capture?: boolean, echo?: boolean, prefix?: string, uid?: number, gid?: number }} [options]
 *   capture: collect stdout+stderr into `output`; echo (with capture): show it live as well; uid/gid: run as that account;
 *   prefix (with capture): echo line by line, each line prefixed (tells apart commands running side by side).
 * @returns {Promise<{ code: number, output: string }>}
 */
export function runCommand(cmd, args, { cwd, env, capture = false, echo = true, prefix, uid, gid } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: env ?? process.env,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      detached: true,
      uid,
      gid,
    });
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
