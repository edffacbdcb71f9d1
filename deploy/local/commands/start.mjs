// `npm start`: bootstrap, build, start infra + services + gateway, seed the demo once, print how to log in.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bootstrap } from '../bootstrap.mjs';
import { buildAll } from '../build-all.mjs';
import { infraUrls, startInfra } from '../infra.mjs';
import { LOCAL_DIR } from '../paths.mjs';
import { loadProfile, supervisorFor } from '../profile.mjs';
import { seedDemoOnce } from '../seed-demo.mjs';
import { stopOnShutdown } from '../shutdown.mjs';
import { listenForRolls } from '../roll-control.mjs';
import { startGateway, startServices, writeStackFile } from '../start-services.mjs';
import { bold, green, info, note, step } from '../log.mjs';

/** @param {{ skipWeb?: boolean, noBuild?: boolean, instances?: Record<string, number>, natsCluster?: number }} flags */
export async function start(flags) {
  const profile = loadProfile('dev');
  const supervisor = supervisorFor(profile);
  // before the build: while another launcher runs this stack, its files are not rebuilt under it
  await supervisor.killLeftovers();
  // The build beside the bootstrap (cli.mjs started it): on a clean machine that is still building FerretDB.
  // chromium too: one apt-get on first run, and `npm test` is ready
  const [bins] = await Promise.all([bootstrap(), !flags.noBuild && buildAll({ skipWeb: flags.skipWeb })]);
  stopOnShutdown(supervisor);

  try {
    const infra = await startLocalOrExternalInfra({ supervisor, profile, bins, natsCluster: flags.natsCluster ?? 1 });
    step('Starting services');
    const instances = flags.instances ?? {};
    const services = await startServices({ supervisor, profile: profile.name, ports: profile.ports, infra, secrets: profile.secrets, dirs: profile.dirs, publicUrl: profile.publicUrl, instances });
    step('Starting the gateway (nginx)');
    await startGateway({ supervisor, nginxBin: bins.nginx, ports: profile.ports, dirs: profile.dirs, instances });
    writeStackFile(profile.dirs.run, { gatewayUrl: profile.publicUrl, instances: services.instances, infra });
    await listenForRolls({ supervisor, profile, infra, instances, running: services.instances });
    await seedDemoOnce({
      markerFile: profile.dirs.seededMarker,
      env: { GATEWAY_URL: profile.publicUrl, INTERNAL_TOKEN: profile.secrets.internalToken, MONGO_URL: infra.mongoUrl, ...serviceUrls(profile) },
    });
    printWelcome(profile, services);
  } catch (err) {
    await supervisor.stopAll();
    throw err;
  }
  await new Promise(() => {}); // run until Ctrl-C (the signal handlers exit)
}

/** MONGO_URL / NATS_URL / SMTP_URL / STRIPE_SECRET_KEY set by the user point at real systems: use them. */
async function startLocalOrExternalInfra({ supervisor, profile, bins, natsCluster }) {
  const env = process.env;
  const pieces = ['mongo', 'nats', 'stripe', 'mail'].filter((p) => !{
    mongo: env.MONGO_URL, nats: env.NATS_URL, stripe: env.STRIPE_SECRET_KEY, mail: env.SMTP_URL,
  }[p]);
  for (const [key, set] of Object.entries({ MONGO_URL: env.MONGO_URL, NATS_URL: env.NATS_URL, SMTP_URL: env.SMTP_URL, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY })) {
    if (set) note(`${key} is set: using it instead of the local one`);
  }
  const cluster = pieces.includes('nats') && natsCluster > 1 ? ` (NATS: a cluster of ${natsCluster} nodes)` : '';
  step(`Starting infrastructure (${pieces.join(', ') || 'all external'})${cluster}`);
  const dirs = profile.dirs;
  const local = await startInfra({
    supervisor, ports: profile.ports, dirs, pieces, name: 'turnbook-dev', natsCluster,
    bins: { ferretdb: bins.ferretdb, initdb: bins.initdb, postgres: bins.postgres, natsServer: bins.natsServer, stripeMock: bins.stripeMock },
  });
  return {
    ...infraUrls(profile.ports, undefined, natsCluster),
    ...local,
    // A real MongoDB gets its indexes from the schemas; the PostgreSQL ones are for the local FerretDB only.
    ...(env.MONGO_URL && { mongoUrl: env.MONGO_URL, postgresUrl: undefined }),
    ...(env.NATS_URL && { natsUrl: env.NATS_URL, natsNodes: undefined, natsStreamReplicas: undefined }),
    ...(env.SMTP_URL && { smtpUrl: env.SMTP_URL }),
  };
}

export function serviceUrls(profile) {
  return Object.fromEntries(Object.entries(profile.ports.services)
    .map(([name, port]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}`]));
}

export function demoLogins() {
  const file = path.join(LOCAL_DIR, 'demo-logins.json');
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    note(`deploy/local/demo-logins.json is not valid JSON (${err.message})`);
    return [];
  }
}

function printWelcome(profile, services) {
  console.log('');
  console.log(bold(green(`Turnbook is running: ${profile.publicUrl}`)));
  info(`dev mailbox: ${profile.publicUrl}/dev/mailbox`);
  info(`services up: ${services.up.join(', ') || 'none'} (a service that dies is restarted)`);
  if (services.skipped.length) info(`not built yet: ${services.skipped.join(', ')}`);
  if (services.failed.length) info(`failed: ${services.failed.map((f) => f.name).join(', ')} (logs in ${profile.dirs.logs})`);
  const logins = demoLogins();
  if (logins.length > 0) {
    console.log(bold('Demo logins:'));
    const width = Math.max(...logins.map((l) => String(l.role).length));
    for (const l of logins) info(`${String(l.role).padEnd(width)}  ${l.login}  /  ${l.password}${l.pin ? `  (store PIN ${l.pin}: leaves kiosk mode)` : ''}`);
  }
  info(`logs: ${profile.dirs.logs}`);
  console.log(bold('Press Ctrl-C to stop.'));
}
