// Ctrl-C / SIGTERM handling shared by the commands: stop every child once, in order, then exit.
// A second Ctrl-C while stopping kills them without waiting.
import { bold } from './log.mjs';

export function stopOnSignals(supervisor, { exitCode = 130 } = {}) {
  let stopping = false;
  const onSignal = async (signal) => {
    if (stopping) {
      for (const c of supervisor.children) if (c.child.pid && !c.exited) try { process.kill(-c.child.pid, 'SIGKILL'); } catch { /* gone */ }
      process.exit(exitCode);
    }
    stopping = true;
    console.log(`\n${bold(`${signal}: stopping everything…`)}`);
    await supervisor.stopAll();
    process.exit(exitCode);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
}
