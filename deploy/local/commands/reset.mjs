// `npm run reset`: deletes all local data (.data) so the next start seeds a fresh demo.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DATA_ROOT, profileDirs } from '../paths.mjs';
import { LauncherError, ok } from '../log.mjs';

export async function reset() {
  // Deleting the data under a running FerretDB would corrupt it: refuse while a stack is running.
  for (const profile of ['dev', 'test']) {
    const pidFile = path.join(profileDirs(profile).run, 'pids.json');
    if (!existsSync(pidFile)) continue;
    const running = JSON.parse(readFileSync(pidFile, 'utf8')).filter(({ pid }) => isAlive(pid));
    if (running.length > 0) {
      throw new LauncherError(`the ${profile} stack is still running (${running.map((r) => r.name).join(', ')}); stop it first.`);
    }
  }
  rmSync(DATA_ROOT, { recursive: true, force: true });
  ok(`removed ${DATA_ROOT}`);
}

function isAlive(pid) {
  try { process.kill(pid, 0); return true; } catch { return false; }
}
