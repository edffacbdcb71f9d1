// Wires a started stack to its control socket: `npm run deploy:roll` (deploy-roll.mjs) reaches rollService
// through it, and what a roll changes goes into the gateway's config and stack.json.
import { writeGatewayConfig } from '../nginx/generate.mjs';
import { startControl } from './control.mjs';
import { LauncherError } from './log.mjs';
import { ROLL_IN_FLIGHT_MS, reloadNginx, rollService } from './roll.mjs';
import { writeStackFile } from './start-services.mjs';

/**
 * @param {{ supervisor: import('./supervisor.mjs').Supervisor, profile: { name: string, ports: any, secrets: any,
 *   dirs: any, publicUrl: string }, infra: any, instances: Record<string, number>,
 *   running: Record<string, Array<{ name: string, port: number }>> }} o
 *   instances: the --instances counts the gateway was written with; running: startServices' instances
 */
export function listenForRolls({ supervisor, profile, infra, instances, running }) {
  // Rolls of different services run at once (control.mjs); each reload writes the config from `running` as
  // it is then, and the next waits for the one before it to finish (reloadNginx watches the master's workers).
  let reloads = Promise.resolve();
  const ctx = {
    supervisor, profile: profile.name, ports: profile.ports, infra, secrets: profile.secrets, dirs: profile.dirs,
    publicUrl: profile.publicUrl, running,
    saveStack: () => writeStackFile(profile.dirs.run, { gatewayUrl: profile.publicUrl, instances: running, infra }),
    reloadGateway: () => {
      const reload = reloads.then(async () => {
        const nginx = supervisor.children.find((c) => c.name === 'nginx' && !c.exited);
        if (!nginx) throw new LauncherError('the gateway (nginx) is not running');
        await writeGatewayConfig({ nginxDir: profile.dirs.nginx, logDir: profile.dirs.logs, ports: profile.ports, instances, running });
        await reloadNginx(nginx.child.pid, { inFlightMs: ROLL_IN_FLIGHT_MS });
      });
      reloads = reload.catch(() => undefined);
      return reload;
    },
  };
  return startControl({ runDir: profile.dirs.run, roll: (request, say) => rollService(ctx, request, say) });
}
