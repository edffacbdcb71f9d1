#!/usr/bin/env node
// The launcher behind `npm start`, `npm test` and `npm run reset`. Uses only Node built-ins until the
// npm dependencies are installed (the bootstrap that runs beside `npm install` needs none); every command's
// code is imported after that. See README.md.
import { parseArgs } from 'node:util';
import { ensureNpmDeps } from './ensure-npm-deps.mjs';
import { LauncherError, fail } from './log.mjs';
import { ensureNode, onTurnbookNode, rerunOn } from './node-runtime.mjs';
import { installSignalHandlers } from './shutdown.mjs';
import { parseNatsCluster } from './nats-config.mjs';

const USAGE = `usage: node deploy/local/cli.mjs <command> [options]

  start    install, build, run everything on http://localhost:8080 with a demo (npm start)
           --skip-web   do not build the shell and micro-frontends (also TURNBOOK_SKIP_WEB=1)
           --no-build   start what is already built
           --instances identity=2,customers=3   several instances of a service behind the gateway
                        (also TURNBOOK_INSTANCES)
           --nats-cluster 3   three nats-server nodes as one JetStream cluster, the events stream on 3 replicas
                        (also TURNBOOK_NATS_CLUSTER)
  test     the same bootstrap, then every test on the test profile (npm test)
           --skip-web, --no-build, --instances, --nats-cluster as above (default for the stack: identity=2,customers=2,scheduling=3,realtime=2); --skip-e2e
           --clock saturday-night|sunday-morning|<ISO moment>   every process's clock moved there (libfaketime)
           --busy       every core kept busy by stress-ng for the whole run
  reset    delete all local data in .data (npm run reset)
  infra    only FerretDB + NATS, for libs/test-kit: --free-ports, --dir <dir>, --watch-stdin, --nats-cluster N,
           --nats-only (no database)
  observe  each running service instance's /metrics, summed up (npm run observe)
           --dir <run dir>   the stack.json to read (default: the newer of npm start's and npm test's)`;

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Turnbook's launcher needs Node.js 20.19 or newer to start (it then installs and runs on Node 24 LTS); this is ${process.version}.`);
  process.exit(1);
}

// Everything runs on Turnbook's Node (node-runtime.mjs): on another one, install it once and run again on it.
if (!onTurnbookNode() && !process.argv.includes('--help') && !process.argv.includes('-h')) {
  try {
    process.exit(await rerunOn(await ensureNode()));
  } catch (err) {
    if (err instanceof LauncherError) fail(err.message);
    else console.error(err);
    process.exit(1);
  }
}

const { positionals, values: flags } = parseArgs({
  allowPositionals: true,
  options: {
    'skip-web': { type: 'boolean', default: process.env.TURNBOOK_SKIP_WEB === '1' },
    'no-build': { type: 'boolean', default: false },
    'skip-e2e': { type: 'boolean', default: false },
    clock: { type: 'string' },
    busy: { type: 'boolean', default: false },
    'free-ports': { type: 'boolean', default: false },
    instances: { type: 'string', default: process.env.TURNBOOK_INSTANCES },
    'nats-cluster': { type: 'string', default: process.env.TURNBOOK_NATS_CLUSTER },
    'nats-only': { type: 'boolean', default: false },
    'watch-stdin': { type: 'boolean', default: false },
    dir: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const command = positionals[0] ?? 'start';

try {
  if (flags.help) {
    console.log(USAGE);
  } else if (command === 'test' && flags.clock && !process.env.TURNBOOK_FAKE_CLOCK) {
    await ensureNpmDeps();
    const { testUnderClock } = await import('./commands/test-conditions.mjs');
    process.exit(await testUnderClock(flags.clock, process.argv.slice(2)));
  } else if (command === 'start' || command === 'test') {
    installSignalHandlers();
    // Debian packages and Go builds beside `npm install` (start and test join this bootstrap).
    const { bootstrap, TEST_BOOTSTRAP } = await import('./bootstrap.mjs');
    const binaries = bootstrap(command === 'test' ? TEST_BOOTSTRAP : undefined);
    binaries.catch(() => undefined); // reported where it is awaited
    await ensureNpmDeps();
    const { parseInstances } = await import('./ports.mjs');
    let instances;
    let natsCluster;
    try {
      instances = flags.instances === undefined ? undefined : parseInstances(flags.instances);
      natsCluster = parseNatsCluster(flags['nats-cluster']);
    } catch (err) {
      throw new LauncherError(err.message);
    }
    const options = { skipWeb: flags['skip-web'], noBuild: flags['no-build'], skipE2e: flags['skip-e2e'], instances, natsCluster };
    if (command === 'start') await (await import('./commands/start.mjs')).start(options);
    else {
      const stopStress = flags.busy ? await (await import('./commands/test-conditions.mjs')).keepCoresBusy() : undefined;
      try {
        await (await import('./commands/test.mjs')).test(options);
      } finally {
        stopStress?.();
      }
    }
  } else if (command === 'reset') {
    await (await import('./commands/reset.mjs')).reset();
  } else if (command === 'observe') {
    await (await import('./commands/observe.mjs')).observe({ dir: flags.dir });
  } else if (command === 'infra') {
    let natsCluster;
    try {
      natsCluster = parseNatsCluster(flags['nats-cluster']);
    } catch (err) {
      throw new LauncherError(err.message);
    }
    await (await import('./commands/infra.mjs')).infra({
      freePorts: flags['free-ports'], dir: flags.dir, watchStdin: flags['watch-stdin'], natsCluster, natsOnly: flags['nats-only'],
    });
  } else {
    console.error(USAGE);
    process.exit(2);
  }
} catch (err) {
  if (err instanceof LauncherError) fail(err.message);
  else console.error(err);
  process.exit(1);
}
