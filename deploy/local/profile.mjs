// Everything that differs between the `dev` (npm start) and `test` (npm test) runs.
import { profileDirs } from './paths.mjs';
import { portsFor } from './ports.mjs';
import { loadSecrets } from './secrets.mjs';
import { Supervisor } from './supervisor.mjs';
import { fail, note } from './log.mjs';

export function loadProfile(name) {
  const ports = portsFor(name);
  const dirs = profileDirs(name);
  return {
    name,
    ports,
    dirs,
    publicUrl: `http://localhost:${ports.gateway}`,
    secrets: loadSecrets(dirs.secrets),
  };
}

/**
 * A Supervisor whose crash report is the child's name, exit status and last log lines, and which says
 * when it restarts a child.
 */
export function supervisorFor(profile, { onCrash, dirs = profile.dirs } = {}) {
  return new Supervisor({
    logDir: dirs.logs,
    runDir: dirs.run,
    onCrash: (crash) => {
      const restart = crash.restartInMs === undefined ? '' : `; restarting it in ${crash.restartInMs / 1000} s`;
      fail(`${crash.name} stopped unexpectedly (${crash.signal ?? `exit ${crash.code}`})${restart}. Last lines of ${crash.logFile}:`);
      console.error(crash.tail.split('\n').map((l) => `    ${l}`).join('\n'));
      onCrash?.(crash);
    },
    onRestart: ({ name, pid, restarts }) => note(`${name} restarted (pid ${pid}, restart #${restarts})`),
  });
}
