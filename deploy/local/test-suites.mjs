// The package suites of `npm test`: which packages have them, which need the shared database and NATS,
// running them (pure ones side by side with the others), and counting test cases from jest's --json report.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { REPO_ROOT } from './paths.mjs';
import { runCommand } from './run-command.mjs';

const require = createRequire(import.meta.url);

/**
 * @typedef {{ name: string, dir: string, scripts: Record<string, string> }} Package
 * @typedef {{ name: string, passed: number, failed: number, problem?: string, failures?: string[] }} SuiteResult
 *   passed / failed: test cases; problem: why the package's run itself failed (no tests, crash, …);
 *   failures: each failed case (file › name: first line of its message), repeated in the closing lines so a
 *   log's tail says what failed
 */

/** Most failed cases named per suite in the closing lines. */
const MAX_NAMED = 10;

/**
 * Splits the packages into those whose suites need the shared infrastructure (their jest config has the
 * test-kit global setup) and pure ones; a package with code but without a `test` script is a problem, not
 * a skip. A package with no code yet (neither src/ nor test/: a service still to be built, only its README)
 * has nothing to test and is listed as such (the launcher's code is .mjs files beside its test/).
 * @param {Package[]} packages
 * @param {(p: Package) => boolean} [hasCode]
 * @returns {{ infra: Package[], pure: Package[], missing: Package[], noCode: Package[] }}
 */
export function classifyPackages(packages, hasCode = (p) => ['src', 'test'].some((d) => existsSync(path.join(REPO_ROOT, p.dir, d)))) {
  const out = { infra: [], pure: [], missing: [], noCode: [] };
  for (const p of packages) {
    if (!hasCode(p)) out.noCode.push(p);
    else if (!p.scripts.test) out.missing.push(p);
    else if (needsInfra(p)) out.infra.push(p);
    else out.pure.push(p);
  }
  return out;
}

function needsInfra(p) {
  const config = ['jest.config.cjs', 'jest.config.js'].map((f) => path.join(REPO_ROOT, p.dir, f)).find(existsSync);
  if (!config) return false;
  const { globalSetup } = require(config);
  return typeof globalSetup === 'string' && globalSetup.includes(`${path.sep}test-kit${path.sep}`);
}

/**
 * Reads jest's --json report. Test cases count; a suite that could not run (syntax error, failing import)
 * counts as one failed case, and a report without any test is a problem: the suite is missing.
 * @param {string} file
 * @param {number} exitCode
 * @returns {Omit<SuiteResult, 'name'>}
 */
export function readJestReport(file, exitCode) {
  if (!existsSync(file)) return { passed: 0, failed: 0, problem: `exited ${exitCode} without a jest report` };
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { passed: 0, failed: 0, problem: `unreadable jest report (${err.message})` };
  }
  const passed = report.numPassedTests ?? 0;
  const failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  if ((report.numTotalTests ?? 0) === 0 && failed === 0) return { passed, failed, problem: 'no tests found (its suite is missing)' };
  // e.g. a global setup that threw, an open handle with --detectOpenHandles, a coverage threshold
  if (exitCode !== 0 && failed === 0) return { passed, failed, problem: `jest exited ${exitCode} although every test passed` };
  const failures = failuresOf(report);
  return failures.length ? { passed, failed, failures } : { passed, failed };
}

/**
 * Each failed case of a jest report, and each file that could not run, as one line: the message's first line
 * (with the lines it announces), what a browser step was waiting for and the test's own lines, so a run's
 * closing lines say where it broke when only they are kept (CI prints part of the output).
 */
export function failuresOf(report) {
  const lines = (text) => stripVTControlCharacters(text ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  const described = (text, testFile) => {
    const all = lines(text);
    const waiting = all.find((l) => l.startsWith('- waiting for '))?.slice(2);
    // the stack's frames in the test file, innermost first: a helper's line, then the test's own
    const at = all.map((l) => l.match(/([^\s()/]+\.test\.[cm]?[jt]sx?):(\d+):\d+\)?$/)).filter((m) => m && path.basename(testFile) === m[1]).map((m) => m[2]);
    return [headline(all), waiting ? ` (${waiting})` : '', at.length ? ` at line ${[...new Set(at)].slice(0, 3).join(' < ')}` : ''].join('');
  };
  // A first line that only announces what follows ("… failed to start (exit 1):", "● Test suite failed to
  // run") says nothing alone: the next lines, up to one that stands alone, go with it (CI's tail of the run
  // on 907aede4 kept the announcement of a failed start and not its cause).
  const headline = (all) => {
    let text = all[0] ?? '';
    for (let k = 1; k < 4 && k < all.length && (text.endsWith(':') || text === '● Test suite failed to run'); k += 1) text += ` ${all[k]}`;
    return text.length > 400 ? `${text.slice(0, 399)}…` : text;
  };
  const out = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(REPO_ROOT, file.name ?? '') || file.name;
    const cases = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of cases) out.push(`${where} › ${a.fullName ?? a.title}: ${described(a.failureMessages?.[0], file.name ?? '')}`);
    if (!cases.length && file.status === 'failed') out.push(`${where}: ${headline(lines(file.message))}`);
  }
  return out;
}

/**
 * Runs one package's `npm test` with jest's --json report written to `reportDir`.
 * @param {Package} p
 * @param {{ env: NodeJS.ProcessEnv, reportDir: string, script?: string, extraArgs?: string[], part?: string }} options
 *   part: one of several runs of the package (an e2e lane): in its name, its report's and its output prefix
 * @returns {Promise<SuiteResult>}
 */
export async function runJestSuite(p, { env, reportDir, script = 'test', extraArgs = [], part }) {
  mkdirSync(reportDir, { recursive: true });
  const base = p.name.replace(/[@/]/g, (c) => (c === '@' ? '' : '__'));
  const report = path.join(reportDir, `${part ? `${base}-${part}` : base}.json`);
  const name = part ? `${p.name} (${part})` : p.name;
  const isJest = /\bjest\b/.test(p.scripts[script] ?? '');
  const args = ['run', script, '-w', p.name, '--', ...(isJest ? ['--json', `--outputFile=${report}`] : []), ...extraArgs];
  const prefix = `${shortName(p.name)}${part ? `:${part}` : ''} │ `;
  const { code } = await runCommand('npm', args, { cwd: REPO_ROOT, env, capture: true, prefix });
  if (!isJest) return { name, passed: 0, failed: 0, ...(code !== 0 && { problem: `\`npm run ${script}\` exited ${code}` }) };
  return { name, ...readJestReport(report, code) };
}

/**
 * The e2e lanes (deploy/e2e/lanes.cjs): the parallel ones side by side against one stack, then the last one
 * by itself once they are all done (it holds what no other file may run beside).
 * @param {{ parallel: string[], after: string }} lanes
 * @param {(lane: string) => Promise<SuiteResult>} runLane
 * @param {() => boolean} [stopped]
 * @returns {Promise<SuiteResult[]>} in lane order
 */
export async function runE2eLanes({ parallel, after }, runLane, stopped = () => false) {
  const results = await Promise.all(parallel.map((lane) => runLane(lane)));
  if (!stopped()) results.push(await runLane(after));
  return results;
}

const shortName = (name) => name.replace(/^@turnbook\//, '');

/**
 * Runs the infra suites one after the other (they share one database server and NATS) while the pure
 * suites run beside them, `pureParallel` at a time. `afterPure` starts as soon as the last pure suite is
 * done, beside the infra suites still running (npm test starts the stack and runs e2e there), and
 * `afterInfra` once the last infra suite is done; both are awaited before this returns.
 * @param {{ infra: Package[], pure: Package[] }} groups
 * @param {{ infraEnv: NodeJS.ProcessEnv, pureEnv: NodeJS.ProcessEnv, reportDir: string, extraArgs?: string[],
 *   pureParallel?: number, stopped?: () => boolean, afterPure?: () => Promise<void>,
 *   afterInfra?: () => Promise<void>, run?: typeof runJestSuite }} options
 *   run: what runs one package (the launcher's own tests pass a fake)
 * @returns {Promise<SuiteResult[]>} in package order
 */
export async function runSuites({ infra, pure }, {
  infraEnv, pureEnv, reportDir, extraArgs = [], pureParallel = defaultParallel(), stopped = () => false,
  afterPure = async () => {}, afterInfra = async () => {}, run = runJestSuite,
}) {
  const results = new Map();
  const lane = async (queue, env) => {
    while (queue.length > 0 && !stopped()) {
      const p = queue.shift();
      results.set(p.name, await run(p, { env, reportDir, extraArgs }));
    }
  };
  const pureQueue = [...pure];
  await Promise.all([
    lane([...infra], infraEnv).then(afterInfra),
    Promise.all(Array.from({ length: Math.max(1, pureParallel) }, () => lane(pureQueue, pureEnv))).then(afterPure),
  ]);
  return [...infra, ...pure].filter((p) => results.has(p.name)).map((p) => results.get(p.name));
}

/** One pure lane next to the infra lane on two cores; more where there are more. */
const defaultParallel = () => Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);

/**
 * The closing lines: one per suite or step, then `N passed, M failed` alone on the last line, counting
 * test cases; a failed step (build, stack, seed, a package without tests, a crash) counts as one failure
 * so a red run never ends in "0 failed".
 * @param {SuiteResult[]} suites
 * @param {Array<{ name: string, passed: boolean }>} steps
 */
export function summary(suites, steps) {
  const lines = [];
  let passed = 0;
  let failed = 0;
  for (const s of suites) {
    passed += s.passed;
    failed += s.failed + (s.problem ? 1 : 0);
    const ok = s.failed === 0 && !s.problem;
    lines.push({ ok, text: `${s.name}: ${s.passed} passed, ${s.failed} failed${s.problem ? ` (${s.problem})` : ''}` });
    const named = s.failures ?? [];
    for (const f of named.slice(0, MAX_NAMED)) lines.push({ ok: false, text: `    ${f.length > 300 ? `${f.slice(0, 299)}…` : f}` });
    if (named.length > MAX_NAMED) lines.push({ ok: false, text: `    … and ${named.length - MAX_NAMED} more` });
  }
  for (const step of steps) {
    if (!step.passed) failed += 1;
    lines.push({ ok: step.passed, text: step.name });
  }
  return { lines, passed, failed, last: `${passed} passed, ${failed} failed` };
}
