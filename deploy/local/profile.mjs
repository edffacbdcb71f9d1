// Everything that differs between the `dev` (npm start) and `test` (npm test) runs.
import { profileDirs } from './paths.mjs';
import { portsFor } from './ports.mjs';
import { loadSecrets } from './secrets.mjs';
import { Supervisor } from './supervisor.mjs';
import { fail } from './log.mjs';

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

/** A Supervisor whose crash report is the child's name, exit status and last log lines. */
export function supervisorFor(profile, { onCrash } = {}) {
  return new Supervisor({
    logDir: profile.dirs.logs,
    runDir: profile.dirs.run,
    onCrash: (crash) => {
      fail(`${crash.name} stopped unexpectedly (${crash.signal ?? `exit ${crash.code}`}). Last lines of ${crash.logFile}:`);
      console.error(crash.tail.split('\n').map((l) => `    ${l}`).join('\n'));
      onCrash?.(crash);
    },
  });
}
