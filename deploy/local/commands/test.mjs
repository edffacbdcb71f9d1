// `npm test`: bootstrap and build like `npm start`, then on the test profile (ports + TEST_PORT_OFFSET,
// data in .data/test, wiped first):
//   1. every package's jest suites: those that need the database and NATS one at a time on the unit-test
//      infrastructure (.data/test/unit, on free ports), the pure ones beside them;
//   2. from the start, beside the suites: the stack on its own fresh infrastructure (the profile's ports, its
//      own database files and NATS stream, so its new durable consumers replay nothing the unit tests
//      published), several instances of some services, the seed; then, as soon as the pure suites are done
//      and beside the infra suites still running, deploy/e2e (browser journeys and system tests: restart,
//      instances) against it: its lanes (deploy/e2e/lanes.cjs) side by side, then the files that run alone;
//   3. the unit-test infrastructure stops once the last infra suite is done.
// Each phase's line starts with the time since the run began ([m:ss]). Ends with the line `N passed, M failed`
// counting test cases, and a non-zero exit when anything failed.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TEST_BOOTSTRAP, bootstrap } from '../bootstrap.mjs';
import { buildAll } from '../build-all.mjs';
import { freeInfraPorts, startInfra } from '../infra.mjs';
import { workspacePackages } from '../nx.mjs';
import { LOCAL_DIR, REPO_ROOT, profileDirs } from '../paths.mjs';
import { loadProfile, supervisorFor } from '../profile.mjs';
import { seedDemoOnce } from '../seed-demo.mjs';
import { isShuttingDown, stopOnShutdown } from '../shutdown.mjs';
import { listenForRolls } from '../roll-control.mjs';
import { startGateway, startServices, writeStackFile } from '../start-services.mjs';
import { classifyPackages, runE2eLanes, runJestSuite, runSuites, summary } from '../test-suites.mjs';
import { serviceUrls } from './start.mjs';
import { fail, green, note, red, step } from '../log.mjs';
import { runCommand } from '../run-command.mjs';

const require = createRequire(import.meta.url);

/**
 * Several instances where a per-process counter or cache would show (deploy/e2e/system/instances.test.ts),
 * three of scheduling for the no-double-booking proof (deploy/e2e/system/double-booking.test.ts), and two
 * relays, so every journey's sockets land on either (deploy/e2e/system/relay-scale-out.test.ts).
 */
export const DEFAULT_TEST_INSTANCES = { identity: 2, customers: 2, scheduling: 3, realtime: 2 };
/** The system tests write the pid of a service they kill on purpose here before killing it. */
export const DELIBERATE_KILLS_FILE = 'deliberate-kills.jsonl';

/** @param {{ skipWeb?: boolean, noBuild?: boolean, skipE2e?: boolean, instances?: Record<string, number>, natsCluster?: number }} flags */
export async function test(flags) {
  const began = Date.now();
  /** Minutes:seconds since `npm test` began, on each phase's line: where the run's time goes. */
  const at = () => {
    const sec = Math.round((Date.now() - began) / 1000);
    return `[${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}]`;
  };
  /** @type {Array<{ name: string, passed: boolean }>} steps that are not test cases (build, stack, seed) */
  const steps = [];
  const record = (name, passed) => steps.push({ name, passed });
  /** @type {import('../test-suites.mjs').SuiteResult[]} */
  const suites = [];

  // The build beside the bootstrap (cli.mjs started it): on a clean machine that is still building FerretDB.
  const building = flags.noBuild ? undefined : buildAll({ skipWeb: flags.skipWeb });
  building?.catch(() => undefined); // reported where it is awaited
  const bins = await bootstrap(TEST_BOOTSTRAP);
  const dirs = profileDirs('test');
  const unitDirs = profileDirs('test', path.join(dirs.root, 'unit'));
  step(`Wiping ${path.relative(REPO_ROOT, dirs.root)}`);
  await killLeftoversOf(unitDirs);
  await killLeftoversOf(dirs);
  rmSync(dirs.root, { recursive: true, force: true });

  const build = await building;
  if (build && !build.ok) record(`build (${build.failed.join(', ') || 'see output'})`, false);

  const profile = loadProfile('test');
  const crashed = [];
  const unitSupervisor = supervisorFor(profile, { dirs: unitDirs, onCrash: (c) => crashed.push(c) });
  const supervisor = supervisorFor(profile, { onCrash: (c) => crashed.push(c) });
  // the wipe above took the launcher records with it: a second `npm test` must still find this one
  unitSupervisor.claim();
  supervisor.claim();
  stopOnShutdown(unitSupervisor);
  stopOnShutdown(supervisor);
  const reportDir = path.join(dirs.root, 'reports');
  // Cheaper password hashing (identity reads it; refused in production): login-heavy suites run faster.
  const fastHash = { PASSWORD_HASH_COST: 'low' };

  try {
    step(`${at()} Starting the unit-test infrastructure (.data/test/unit, free ports)`);
    // Free ports: the stack's infrastructure takes the profile's ports while the infra suites still run.
    const unitPorts = await freeInfraPorts();
    // durable: false: throwaway data, the database may skip fsync (where the local database supports it)
    const unitInfra = await startInfra({ supervisor: unitSupervisor, ports: unitPorts, dirs: unitDirs, name: 'turnbook-test-unit', bins, durable: false });
    const unitEnv = { ...process.env, ...testEnv(unitPorts, unitInfra, bins), ...fastHash };

    // 1. package suites
    const all = workspacePackages();
    const e2e = all.find((p) => p.name === '@turnbook/e2e') ?? { name: '@turnbook/e2e', dir: 'deploy/e2e', scripts: {} };
    const groups = classifyPackages(all.filter((p) => p !== e2e));
    for (const p of groups.missing) record(`${p.name} (${p.dir}) has no "test" script`, false);
    for (const p of groups.noCode) note(`${p.name} (${p.dir}) has no code yet (no src/ or test/): nothing to test`);

    // 2. the whole stack on fresh infrastructure, started at once beside the suites (it mostly waits for its
    //    processes to answer), then deploy/e2e against the gateway as soon as it is up
    /** @type {import('../test-suites.mjs').SuiteResult[]} one per e2e lane */
    const e2eResults = [];
    /** @returns {Promise<Record<string, string> | undefined>} the e2e run's environment, or nothing to run */
    const stackUp = async () => {
      if (isShuttingDown()) return undefined;
      if (flags.skipE2e) {
        note('stack and e2e skipped (--skip-e2e)');
        return undefined;
      }
      const natsCluster = flags.natsCluster ?? 1;
      const cluster = natsCluster > 1 ? `, NATS as a cluster of ${natsCluster} nodes` : '';
      step(`${at()} Starting fresh infrastructure for the stack (its own database files and NATS stream${cluster}), beside the suites`);
      const infra = await startInfra({ supervisor, ports: profile.ports, dirs: profile.dirs, name: 'turnbook-test', bins, durable: false, natsCluster });
      const instances = flags.instances ?? DEFAULT_TEST_INSTANCES;
      const described = Object.entries(instances).filter(([, n]) => n > 1).map(([s, n]) => `${s}=${n}`).join(',') || 'one each';
      step(`${at()} Starting the stack on test ports (instances: ${described})`);
      const services = await startServices({
        supervisor, profile: profile.name, ports: profile.ports, infra, secrets: profile.secrets, dirs: profile.dirs,
        publicUrl: profile.publicUrl, instances,
      });
      await startGateway({ supervisor, nginxBin: bins.nginx, ports: profile.ports, dirs: profile.dirs, instances });
      const stackFile = writeStackFile(profile.dirs.run, { gatewayUrl: profile.publicUrl, instances: services.instances, infra });
      await listenForRolls({ supervisor, profile, infra, instances, running: services.instances });
      const down = services.failed.map((f) => f.name);
      record(`stack: ${services.up.length} service instances up${down.length ? `, ${down.join(', ')} did not start` : ''}, gateway up`, down.length === 0);

      const seedEnv = { GATEWAY_URL: profile.publicUrl, INTERNAL_TOKEN: profile.secrets.internalToken, MONGO_URL: infra.mongoUrl, ...serviceUrls(profile) };
      if (!existsSync(path.join(LOCAL_DIR, 'seed.mjs'))) record('seed: deploy/local/seed.mjs is missing', false);
      else record('seed', await seedDemoOnce({ markerFile: profile.dirs.seededMarker, env: seedEnv }));
      step(`${at()} Stack up and seeded`);
      return {
        ...process.env, ...testEnv(profile.ports, infra, bins), ...seedEnv,
        MAILBOX_URL: `${profile.publicUrl}/dev/mailbox`,
        E2E_ARTIFACTS_DIR: path.join(profile.dirs.root, 'e2e-artifacts'),
        TURNBOOK_STACK_FILE: stackFile,
      };
    };
    const stackStarting = stackUp().catch((err) => {
      fail(`stack: ${err.message}`);
      record('stack', false);
      return undefined;
    });
    const e2eRun = async () => {
      const env = await stackStarting;
      if (!env || isShuttingDown()) return;
      if (!e2e.scripts.e2e) record('deploy/e2e has no "e2e" script', false);
      else if (!hasE2eTests()) record('deploy/e2e has no test files', false);
      else {
        // deploy/e2e/lanes.cjs: which files may run side by side on the one stack, and which only alone.
        const { PARALLEL_LANES } = require(path.join(REPO_ROOT, 'deploy/e2e/lanes.cjs'));
        step(`${at()} Running deploy/e2e: browser journeys and system tests (npm run e2e -w @turnbook/e2e), `
          + `lanes ${PARALLEL_LANES.join(', ')} side by side, then the rest alone`);
        e2eResults.push(...await runE2eLanes({ parallel: PARALLEL_LANES, after: 'alone' }, async (lane) => {
          const result = await runJestSuite(e2e, { script: 'e2e', reportDir, env: { ...env, E2E_LANE: lane, E2E_QUIET_MARKER: quietMarker }, part: lane });
          step(`${at()} deploy/e2e ${lane} lane done`);
          return result;
        }, isShuttingDown));
      }
    };
    const guarded = (what, run) => async () => {
      try {
        await run();
      } catch (err) {
        fail(`${what}: ${err.message}`);
        record(what, false);
      }
    };

    // Where the time goes (docs/testing.md, `cpu-by-process.mjs --timeline`): the e2e lanes are the longest
    // path, so e2e starts as soon as the stack is up. Every suite gets an equal share of the CPU: at a lower
    // priority (nice) a pure suite's share on a busy CI machine can fall below what its UI tests' waits need.
    step(`${at()} Running the suites of ${groups.infra.length + groups.pure.length} packages: `
      + `${groups.infra.length} on the shared database and NATS one at a time, ${groups.pure.length} pure ones beside them, `
      + 'e2e as soon as the stack is up');
    // test-kit's own tests start nats-servers (NatsProcess) and need the launcher's binary too
    const pureEnv = { ...process.env, TZ: 'UTC', CI: process.env.CI ?? 'true', TURNBOOK_NATS_SERVER: bins.natsServer, ...fastHash };
    // Written once the package suites are done: the e2e files that time a recovery wait for it (lanes.cjs, TIMED_LAST).
    const quietMarker = path.join(profile.dirs.run, 'package-suites-done');
    rmSync(quietMarker, { force: true });
    const e2eDone = guarded('e2e', e2eRun)();
    suites.push(...await runSuites(groups, {
      infraEnv: unitEnv, pureEnv, reportDir,
      // --forceExit: a suite that leaves a handle open (the warning stays in its output) must not hang the run;
      // --testTimeout: jest's 5 s default fails UI tests on a busy two-core machine (explicit timeouts still win)
      extraArgs: ['--forceExit', '--testTimeout=30000'],
      stopped: isShuttingDown,
      afterPure: async () => step(`${at()} Pure suites done`),
      afterInfra: guarded('stopping the unit-test infrastructure', async () => {
        step(`${at()} Infra suites done: stopping the unit-test infrastructure`);
        await printPgStats('the infra suites', unitPorts.postgres);
        await unitSupervisor.stopAll();
      }),
    }));
    writeFileSync(quietMarker, `${new Date().toISOString()}\n`);
    await e2eDone;
    suites.push(...e2eResults);
    if (isShuttingDown()) await new Promise(() => {}); // interrupted: the signal handler stops and exits
  } catch (err) {
    fail(err.message);
    record('test infrastructure', false);
  } finally {
    step(`${at()} Stopping everything`);
    await printPgStats('the stack', profile.ports.postgres);
    await unitSupervisor.stopAll();
    await supervisor.stopAll();
  }
  const deliberate = deliberateKills(profile.dirs.run);
  for (const c of crashed) {
    if (!deliberate.has(c.pid)) record(`${c.name} crashed during the run (${c.signal ?? `exit ${c.code}`})`, false);
  }

  const { lines, failed, last } = summary(suites, steps);
  console.log('');
  for (const l of lines) console.log(`  ${l.ok ? green('✔') : red('✖')} ${l.text}`);
  console.log(`  ${at()} in all`);
  console.log(last); // the last line, plain: CI greps it
  process.exit(failed === 0 ? 0 : 1);
}

/** What every suite that talks to the infrastructure is given (`ports`: that infrastructure's). */
function testEnv(ports, infra, bins) {
  return {
    TZ: 'UTC',
    CI: process.env.CI ?? 'true', // no watch mode, no prompts
    MONGO_URL: infra.mongoUrl,
    FERRETDB_POSTGRESQL_URL: infra.postgresUrl, // set when the local database is FerretDB on PostgreSQL
    NATS_URL: infra.natsUrl,
    SMTP_URL: infra.smtpUrl,
    MAILBOX_URL: `http://127.0.0.1:${ports.mailbox}/dev/mailbox`,
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_API_URL: infra.stripeUrl,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripeMock),
    STRIPE_API_PROTOCOL: 'http',
    CHROMIUM_PATH: bins.headlessShell,
    // the tests that run a nats-server of their own (test-kit's NatsProcess) run the launcher's
    TURNBOOK_NATS_SERVER: bins.natsServer,
  };
}

/**
 * With TURNBOOK_PG_STATS=1 (deploy/local/postgres.mjs), the statements FerretDB sent that returned the most
 * rows, before the database stops: where the run's database time went.
 */
async function printPgStats(what, port) {
  if (process.env.TURNBOOK_PG_STATS !== '1') return;
  note(`PostgreSQL statements of ${what}:`);
  await runCommand(process.execPath, [path.join(LOCAL_DIR, 'bench/pg-top.mjs'), '--port', String(port), '--top', '40'], { cwd: REPO_ROOT });
}

/** Pids the system tests killed on purpose (each line `{"pid":…,"name":…}`); their crashes are expected. */
function deliberateKills(runDir) {
  const file = path.join(runDir, DELIBERATE_KILLS_FILE);
  if (!existsSync(file)) return new Set();
  return new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).pid));
}

function hasE2eTests() {
  const dir = path.join(REPO_ROOT, 'deploy/e2e');
  const walk = (d) => readdirSync(d, { withFileTypes: true }).some((e) => {
    if (e.name === 'node_modules') return false;
    if (e.isDirectory()) return walk(path.join(d, e.name));
    return /\.(test|spec)\.[cm]?[jt]s$/.test(e.name);
  });
  return existsSync(dir) && walk(dir);
}

/** A previous run killed hard may have left children; stop them before wiping their data. */
async function killLeftoversOf(dirs) {
  if (!existsSync(dirs.run)) return;
  const { Supervisor } = await import('../supervisor.mjs');
  await new Supervisor({ logDir: dirs.logs, runDir: dirs.run }).killLeftovers();
}
