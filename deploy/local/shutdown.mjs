// Ctrl-C / SIGTERM / SIGHUP: stop a command in progress (install, build, tests) and every supervised
// child, in order, then exit. A second signal while stopping kills them without waiting.
// Installed once by cli.mjs; commands register their Supervisor when they create it.
import { bold } from './log.mjs';
import { stopRunningCommands } from './run-command.mjs';

const supervisors = new Set();
let stopping = false;

/** True once Ctrl-C / SIGTERM arrived: commands should not begin new steps. */
export const isShuttingDown = () => stopping;

/** Children of this supervisor are stopped on shutdown. */
export function stopOnShutdown(supervisor) {
  supervisors.add(supervisor);
}

export function installSignalHandlers({ exitCode = 130 } = {}) {
  const onSignal = async (signal) => {
    if (stopping) {
      for (const s of supervisors) {
        for (const c of s.children) if (c.child.pid && !c.exited) try { process.kill(-c.child.pid, 'SIGKILL'); } catch { /* gone */ }
      }
      process.exit(exitCode);
    }
    stopping = true;
    for (const s of supervisors) s.stopping = true; // no new children from here on
    console.log(`\n${bold(`${signal}: stopping everything…`)}`);
    await stopRunningCommands();
    for (const s of supervisors) await s.stopAll();
    process.exit(exitCode);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
}
