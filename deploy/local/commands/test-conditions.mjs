// `npm test -- --clock <when>` and `npm test -- --busy`: the whole suite under conditions CI meets on some
// day (docs/testing.md, "Any day, any hour, under load").
//   --clock runs the suite with the machine's clock moved to <when> for every process of the run that reads
//   it through the C library (the services, jest and its workers, nginx, PostgreSQL) with libfaketime, one
//   offset for all of them; the browser's pages get the same offset on their Date (Chromium does not run
//   under LD_PRELOAD), and Go binaries (NATS, FerretDB, stripe-mock) keep the real clock, which
//   only their own housekeeping reads.
//   --busy keeps every core busy with stress-ng for the whole run.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { DateTime } from 'luxon';
import { ensureSystemPackages } from '../ensure-system-packages.mjs';
import { LauncherError, info, step } from '../log.mjs';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
/** Set in the child run: the moment the run pretends it started at (ISO). */
export const FAKE_CLOCK_ENV = 'TURNBOOK_FAKE_CLOCK';
const DEMO_ZONE = 'America/New_York';

/**
 * `saturday-night` (the next Saturday, 11:30 pm in the demo store's zone: past midnight UTC, the store
 * closed the next day), `sunday-morning`, or an ISO moment with its offset (2026-11-28T23:30:00-05:00).
 * Always ahead of now: tokens and cookies the run sets then outlive the real clock's view of them.
 */
export function clockMoment(when, now = DateTime.now()) {
  const named = { 'saturday-night': { weekday: 6, hour: 23, minute: 30 }, 'sunday-morning': { weekday: 7, hour: 7, minute: 0 } }[when];
  if (named) {
    let d = now.setZone(DEMO_ZONE).set({ hour: named.hour, minute: named.minute, second: 0, millisecond: 0 });
    while (d.weekday !== named.weekday || d <= now) d = d.plus({ days: 1 }).set({ hour: named.hour, minute: named.minute });
    return d;
  }
  const d = DateTime.fromISO(when, { setZone: true });
  if (!d.isValid) throw new LauncherError(`--clock ${when}: expected saturday-night, sunday-morning or an ISO moment such as 2026-11-28T23:30:00-05:00`);
  if (d <= now) throw new LauncherError(`--clock ${when}: choose a moment ahead of now (tokens and cookies are dated by it)`);
  return d;
}

/** Runs `cli.mjs test` again with every process's clock at `when`; resolves with its exit code. */
export async function testUnderClock(when, argv) {
  await ensureSystemPackages(['faketime'], { faketime: 'faketime' });
  const moment = clockMoment(when);
  const offset = Math.round(moment.diff(DateTime.now(), 'seconds').seconds);
  step(`Running the suite with the clock at ${moment.toISO()} (${moment.toFormat('cccc t')} in ${moment.zoneName}; libfaketime +${offset} s)`);
  const args = argv.filter((a, i) => a !== '--clock' && argv[i - 1] !== '--clock' && !a.startsWith('--clock='));
  const child = spawn(process.execPath, [process.argv[1], ...args], {
    stdio: 'inherit',
    env: {
      ...process.env,
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME: `+${offset}`,
      // timers and uptimes stay real: only the wall clock moves
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      [FAKE_CLOCK_ENV]: moment.toISO(),
      // the browser's pages (Chromium does not run under LD_PRELOAD) shift their Date by the same amount
      TURNBOOK_FAKE_CLOCK_OFFSET_MS: String(offset * 1000),
    },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** Starts stress-ng on every core; the returned function stops it. */
export async function keepCoresBusy() {
  const { 'stress-ng': bin } = await ensureSystemPackages(['stress-ng'], { 'stress-ng': 'stress-ng' });
  const cores = os.availableParallelism();
  const stress = spawn(bin, ['--cpu', String(cores), '--cpu-method', 'matrixprod', '--quiet'], { stdio: 'ignore', detached: true });
  info(`stress-ng keeps ${cores} core(s) busy for the whole run (pid ${stress.pid})`);
  const stop = () => {
    try {
      process.kill(-stress.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  return stop;
}
