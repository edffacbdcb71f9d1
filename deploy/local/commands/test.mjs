// `npm test`: bootstrap and build like `npm start`, then on the test profile (ports + TEST_PORT_OFFSET,
// data in .data/test, wiped first): infra, every package's jest suites, the whole stack, the e2e suite.
// Ends with the line `N passed, M failed` and a non-zero exit when anything failed.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { bootstrap } from '../bootstrap.mjs';
import { buildAll } from '../build-all.mjs';
import { startInfra } from '../infra.mjs';
import { nxEnv, nxRunMany, workspacePackages } from '../nx.mjs';
import { REPO_ROOT, profileDirs } from '../paths.mjs';
import { loadProfile, supervisorFor } from '../profile.mjs';
import { runCommand } from '../run-command.mjs';
import { seedDemoOnce } from '../seed-demo.mjs';
import { isShuttingDown, stopOnShutdown } from '../shutdown.mjs';
import { startGateway, startServices } from '../start-services.mjs';
import { serviceUrls } from './start.mjs';
import { fail, green, note, red, step } from '../log.mjs';

/** @param {{ skipWeb?: boolean, noBuild?: boolean, skipE2e?: boolean }} flags */
export async function test(flags) {
  /** @type {Array<{ name: string, passed: boolean }>} */
  const results = [];
  const record = (name, passed) => results.push({ name, passed });

  const bins = await bootstrap();
  const dirs = profileDirs('test');
  step(`Wiping ${path.relative(REPO_ROOT, dirs.root)}`);
  await killLeftoversOf(dirs);
  rmSync(dirs.root, { recursive: true, force: true });

  if (!flags.noBuild) {
    const build = await buildAll({ skipWeb: flags.skipWeb });
    if (!build.ok) record(`build (${build.failed.join(', ') || 'see output'})`, false);
  }

  const profile = loadProfile('test');
  const crashed = [];
  const supervisor = supervisorFor(profile, { onCrash: (c) => crashed.push(c.name) });
  stopOnShutdown(supervisor);

  try {
    step('Starting test infrastructure');
    const infra = await startInfra({
      supervisor, ports: profile.ports, dirs: profile.dirs, name: 'turnbook-test', durable: false,
      bins: { ferretdb: bins.ferretdb, initdb: bins.initdb, postgres: bins.postgres, natsServer: bins.natsServer, stripeMock: bins.stripeMock },
    });
    const testEnv = {
      TZ: 'UTC',
      CI: process.env.CI ?? 'true', // no watch mode, no prompts
      MONGO_URL: infra.mongoUrl,
      FERRETDB_POSTGRESQL_URL: infra.postgresUrl,
      NATS_URL: infra.natsUrl,
      SMTP_URL: infra.smtpUrl,
      MAILBOX_URL: `http://127.0.0.1:${profile.ports.mailbox}/dev/mailbox`,
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_API_URL: infra.stripeUrl,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(profile.ports.stripeMock),
      STRIPE_API_PROTOCOL: 'http',
      CHROMIUM_PATH: bins.chromium,
    };

    // 1. every package's jest suites, one project at a time (two cores, shared infra)
    const projects = workspacePackages().filter((p) => p.scripts.test && p.name !== '@turnbook/e2e');
    step(`Running unit and integration tests of ${projects.length} packages (nx run-many -t test --parallel=1)`);
    const unit = await nxRunMany('test', {
      projects: projects.map((p) => p.name),
      // --forceExit: a suite that leaves a handle open (the warning stays in its output) must not hang the run
      args: ['--parallel=1', '--', '--forceExit'],
      outputStyle: 'stream', // live output, each line prefixed with its project
      env: nxEnv(testEnv),
    });
    const failedSet = new Set(unit.failed);
    if (unit.code !== 0 && failedSet.size === 0) record('nx run-many -t test (see output)', false);
    for (const p of projects) record(p.name, !failedSet.has(p.name));

    if (isShuttingDown()) await new Promise(() => {}); // interrupted: the signal handler stops and exits

    // 2. the whole stack on test ports, seeded (a smoke test of every built service), then the browser
    //    suite against the gateway
    if (flags.skipE2e) {
      note('stack and e2e skipped (--skip-e2e)');
    } else {
      step('Starting the stack on test ports');
      const services = await startServices({ supervisor, profile: profile.name, ports: profile.ports, infra, secrets: profile.secrets, dirs: profile.dirs, publicUrl: profile.publicUrl });
      await startGateway({ supervisor, nginxBin: bins.nginx, ports: profile.ports, dirs: profile.dirs });
      const down = services.failed.map((f) => f.name);
      record(`stack: ${services.up.length} services up${down.length ? `, ${down.join(', ')} did not start` : ''}, gateway up`, down.length === 0);
      const seedEnv = { GATEWAY_URL: profile.publicUrl, INTERNAL_TOKEN: profile.secrets.internalToken, ...serviceUrls(profile) };
      record('seed', await seedDemoOnce({ markerFile: profile.dirs.seededMarker, env: seedEnv }));

      if (!hasE2eTests()) {
        note('deploy/e2e has no tests yet; e2e skipped');
      } else {
        step('Running the e2e suite (npm run e2e -w @turnbook/e2e)');
        const e2e = await runCommand('npm', ['run', 'e2e', '-w', '@turnbook/e2e'], {
          cwd: REPO_ROOT,
          env: {
            ...process.env, ...testEnv, ...seedEnv,
            MAILBOX_URL: `${profile.publicUrl}/dev/mailbox`,
            E2E_ARTIFACTS_DIR: path.join(profile.dirs.root, 'e2e-artifacts'),
          },
        });
        record('e2e', e2e.code === 0);
      }
    }
  } catch (err) {
    fail(err.message);
    record('test infrastructure', false);
  } finally {
    step('Stopping everything');
    await supervisor.stopAll();
  }
  for (const name of crashed) record(`${name} crashed during the run`, false);

  const failed = results.filter((r) => !r.passed);
  const passed = results.length - failed.length;
  console.log('');
  for (const r of results) console.log(`  ${r.passed ? green('✔') : red('✖')} ${r.name}`);
  console.log(`${passed} passed, ${failed.length} failed`); // the last line, plain: CI greps it
  process.exit(failed.length === 0 ? 0 : 1);
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
