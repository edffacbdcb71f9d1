import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../paths.mjs';
import { classifyPackages, failuresOf, readJestReport, runE2eLanes, runSuites, summary } from '../test-suites.mjs';

const require = createRequire(import.meta.url);

describe('test-suites.mjs (how npm test runs and counts the package suites)', () => {
  let dir;
  beforeEach(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'tb-suites-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const report = (body) => {
    const file = path.join(dir, 'report.json');
    writeFileSync(file, JSON.stringify(body));
    return file;
  };

  it('when packages are classified, then one with code but without a test script is missing, one without code is listed as such, and those with the test-kit global setup need the infrastructure', () => {
    const groups = classifyPackages([
      { name: '@turnbook/identity', dir: 'services/identity', scripts: { test: 'jest' } },
      { name: '@turnbook/domain', dir: 'libs/domain', scripts: { test: 'jest' } },
      { name: '@turnbook/local', dir: 'deploy/local', scripts: { test: 'node jest.js' } },
      { name: '@turnbook/nothing', dir: 'libs/nothing', scripts: {} },
      { name: '@turnbook/billing', dir: 'services/billing', scripts: {} },
    ], (p) => p.name !== '@turnbook/billing');
    expect(groups.infra.map((p) => p.name)).toEqual(['@turnbook/identity']);
    expect(groups.pure.map((p) => p.name)).toEqual(['@turnbook/domain', '@turnbook/local']);
    expect(groups.missing.map((p) => p.name)).toEqual(['@turnbook/nothing']);
    expect(groups.noCode.map((p) => p.name)).toEqual(['@turnbook/billing']);
  });

  it('when jest reports test cases, then they are counted, and a suite that could not run counts as a failure', () => {
    expect(readJestReport(report({ numTotalTests: 7, numPassedTests: 6, numFailedTests: 1, numRuntimeErrorTestSuites: 0 }), 1))
      .toEqual({ passed: 6, failed: 1 });
    expect(readJestReport(report({ numTotalTests: 3, numPassedTests: 3, numFailedTests: 0, numRuntimeErrorTestSuites: 2 }), 1))
      .toEqual({ passed: 3, failed: 2 });
  });

  it('when a browser step times out, then its line also says what it was waiting for and the lines of the test it was on', () => {
    const name = path.join(REPO_ROOT, 'deploy/e2e/journeys/grid.test.ts');
    const message = [
      'locator.waitFor: Timeout 15000ms exceeded.',
      'Call log:',
      '  - waiting for getByRole(\'heading\', { name: \'Monday, June 2, 2031\' }) to be visible',
      '',
      '    at expectHeading (/check/deploy/e2e/journeys/grid.test.ts:307:3)',
      '    at Object.<anonymous> (/check/deploy/e2e/journeys/grid.test.ts:159:7)',
    ].join('\n');
    const got = failuresOf({ testResults: [{ name, status: 'failed', assertionResults: [{ status: 'failed', fullName: 'grid when x, then y', failureMessages: [message] }] }] });
    expect(got).toEqual([
      "deploy/e2e/journeys/grid.test.ts › grid when x, then y: locator.waitFor: Timeout 15000ms exceeded. (waiting for getByRole('heading', { name: 'Monday, June 2, 2031' }) to be visible) at line 307 < 159",
    ]);
  });

  it('when cases fail or a file cannot run, then each is named with the first line of its message, and the closing lines repeat them under their suite', () => {
    const file = (name) => path.join(REPO_ROOT, 'services/scheduling/src', name);
    const got = readJestReport(report({
      numTotalTests: 3, numPassedTests: 1, numFailedTests: 1, numRuntimeErrorTestSuites: 1,
      testResults: [
        { name: file('a.test.ts'), status: 'failed', assertionResults: [
          { status: 'passed', fullName: 'a works' },
          { status: 'failed', fullName: 'a when x, then y', failureMessages: ['\u001b[2mexpect(\u001b[22mreceived).toBe(expected)\n\nExpected: "OFF"'] },
        ] },
        { name: file('b.test.ts'), status: 'failed', message: '\n  ● Test suite failed to run\n\n    Cannot find module', assertionResults: [] },
      ],
    }), 1);
    expect(got.failures).toEqual([
      'services/scheduling/src/a.test.ts › a when x, then y: expect(received).toBe(expected)',
      'services/scheduling/src/b.test.ts: ● Test suite failed to run Cannot find module',
    ]);
    const lines = summary([{ name: '@turnbook/scheduling', ...got }], []).lines;
    expect(lines.map((l) => l.text)).toEqual(['@turnbook/scheduling: 1 passed, 2 failed', `    ${got.failures[0]}`, `    ${got.failures[1]}`]);
  });

  it('when the first line of a message announces what follows, then the lines it announces are in the closing line', () => {
    const name = path.join(REPO_ROOT, 'libs/service-kit/test/nats-cluster.test.ts');
    const message = 'Error: local test infrastructure failed to start (exit 1):\nnats-2 exited (code 1). Last lines of /tmp/x/nats-2.log:\n'
      + '[ERR] Error listening on port: 127.0.0.1:40001, "address already in use"\n[INF] Server Exiting..\n    at waitForReady (infra.ts:128:14)';
    const got = failuresOf({ testResults: [{ name, status: 'failed', assertionResults: [{ status: 'failed', fullName: 'cluster when x, then y', failureMessages: [message] }] }] });
    expect(got).toEqual([
      'libs/service-kit/test/nats-cluster.test.ts › cluster when x, then y: Error: local test infrastructure failed to start (exit 1): '
        + 'nats-2 exited (code 1). Last lines of /tmp/x/nats-2.log: [ERR] Error listening on port: 127.0.0.1:40001, "address already in use"',
    ]);
  });

  it('when a package has no tests, no report, or jest fails with every test passed, then that is a problem', () => {
    expect(readJestReport(report({ numTotalTests: 0, numPassedTests: 0, numFailedTests: 0 }), 1).problem).toMatch(/no tests found/);
    expect(readJestReport(path.join(dir, 'absent.json'), 1).problem).toMatch(/without a jest report/);
    expect(readJestReport(report({ numTotalTests: 2, numPassedTests: 2, numFailedTests: 0 }), 1).problem).toMatch(/exited 1 although/);
  });

  it('when the summary is made, then its last line counts test cases, and each failed step counts as one failure', () => {
    const all = summary(
      [{ name: '@turnbook/domain', passed: 40, failed: 0 }, { name: '@turnbook/identity', passed: 60, failed: 2 }, { name: '@turnbook/x', passed: 0, failed: 0, problem: 'no tests found' }],
      [{ name: 'seed', passed: true }, { name: '@turnbook/billing has no "test" script', passed: false }],
    );
    expect(all.last).toBe('100 passed, 4 failed');
    expect(all.lines.map((l) => l.ok)).toEqual([true, false, false, true, false]);
    expect(summary([{ name: 'a', passed: 5, failed: 0 }], [{ name: 'seed', passed: true }]).last).toBe('5 passed, 0 failed');
  });

  it('when the pure suites are done, then afterPure runs beside the infra suites still running, and afterInfra after the last infra suite', async () => {
    const events = [];
    const gates = {};
    const run = (p, { env }) => {
      events.push(`start ${p.name} (${env.LANE})`);
      return new Promise((resolve) => { gates[p.name] = () => { events.push(`end ${p.name}`); resolve({ name: p.name, passed: 1, failed: 0 }); }; });
    };
    const pkg = (name) => ({ name, dir: name, scripts: { test: 'jest' } });
    const settle = () => new Promise((r) => setImmediate(r));
    const done = runSuites({ infra: [pkg('i1'), pkg('i2')], pure: [pkg('p1')] }, {
      infraEnv: { LANE: 'infra' }, pureEnv: { LANE: 'pure' }, reportDir: dir, pureParallel: 1, run,
      afterPure: async () => { events.push('afterPure'); },
      afterInfra: async () => { events.push('afterInfra'); },
    });
    await settle();
    gates.p1();
    await settle();
    expect(events).toEqual(['start i1 (infra)', 'start p1 (pure)', 'end p1', 'afterPure']);
    gates.i1();
    await settle();
    gates.i2();
    const results = await done;
    expect(events.slice(4)).toEqual(['end i1', 'start i2 (infra)', 'end i2', 'afterInfra']);
    expect(results.map((r) => r.name)).toEqual(['i1', 'i2', 'p1']);
  });

  it('when the e2e lanes run, then the parallel ones start together and the last one starts only after all of them are done', async () => {
    const events = [];
    const gates = {};
    const runLane = (lane) => {
      events.push(`start ${lane}`);
      return new Promise((resolve) => { gates[lane] = () => { events.push(`end ${lane}`); resolve({ name: lane, passed: 1, failed: 0 }); }; });
    };
    const settle = () => new Promise((r) => setImmediate(r));
    const done = runE2eLanes({ parallel: ['calendar', 'desk'], after: 'alone' }, runLane);
    await settle();
    expect(events).toEqual(['start calendar', 'start desk']);
    gates.desk();
    await settle();
    expect(events).toEqual(['start calendar', 'start desk', 'end desk']);
    gates.calendar();
    await settle();
    expect(events.slice(3)).toEqual(['end calendar', 'start alone']);
    gates.alone();
    expect((await done).map((r) => r.name)).toEqual(['calendar', 'desk', 'alone']);
  });
});

describe('deploy/e2e/lanes.cjs (which e2e files npm test runs side by side)', () => {
  const e2eDir = path.join(REPO_ROOT, 'deploy/e2e');
  const { LANES, laneSelection } = require(path.join(e2eDir, 'lanes.cjs'));
  const testFiles = ['journeys', 'api', 'system'].flatMap((d) => readdirSync(path.join(e2eDir, d)).filter((f) => f.endsWith('.test.ts')).map((f) => `${d}/${f}`));
  /** What jest would run of `files` for a lane's selection (testMatch globs are exact paths or the folder globs). */
  const selected = (lane) => {
    const { testMatch, testPathIgnorePatterns = [] } = laneSelection(lane, e2eDir);
    return testFiles.filter((f) => testMatch.some((m) => m === `<rootDir>/${f}` || m === `<rootDir>/${f.split('/')[0]}/**/*.test.ts`)
      && !testPathIgnorePatterns.some((p) => new RegExp(p).test(path.join(e2eDir, f))));
  };

  it('when the lanes are listed, then each names existing files only, and every file runs in exactly one lane', () => {
    for (const files of Object.values(LANES)) for (const f of files) expect(testFiles).toContain(f);
    const runs = ['calendar', 'desk', 'own', 'alone'].flatMap(selected).sort();
    expect(runs).toEqual([...testFiles].sort());
  });

  it('when a file is in no lane, then it runs alone, and without a lane every file runs', () => {
    expect(selected('alone')).toContain('system/restart.test.ts');
    expect(selected('alone')).not.toContain('journeys/front-desk.test.ts');
    expect(selected(undefined)).toEqual(testFiles);
    expect(() => laneSelection('fast', e2eDir)).toThrow(/E2E_LANE must be one of calendar, desk, own, alone/);
  });

  it('when the alone lane is ordered, then the files that time a recovery come last, each waiting for a quiet machine', async () => {
    const { TIMED_LAST } = require(path.join(e2eDir, 'lanes.cjs'));
    const Sequencer = require(path.join(e2eDir, 'src/sequencer.cjs'));
    for (const f of TIMED_LAST) {
      expect(selected('alone')).toContain(f);
      expect(readFileSync(path.join(e2eDir, f), 'utf8')).toMatch(/await quietMachine\(\)/);
    }
    // jest's own order runs the largest file first when it knows no durations: the timed files are made the largest
    const context = { config: { cache: false, id: 'lanes' }, hasteFS: { getSize: (p) => (TIMED_LAST.includes(path.relative(e2eDir, p)) ? 1e6 : 1) } };
    const tests = selected('alone').map((f) => ({ path: path.join(e2eDir, f), context, duration: undefined }));
    const order = (await new Sequencer({ contexts: [] }).sort(tests)).map((t) => path.relative(e2eDir, t.path));
    expect(order.slice(-TIMED_LAST.length).sort()).toEqual([...TIMED_LAST].sort());
    expect([...order].sort()).toEqual(selected('alone').sort());
  });
});
