// Where a run's CPU goes, by kind of process: samples /proc every few seconds while a command runs beside it
// (a whole `npm test`, a bench) and prints CPU seconds per kind when the command ends or on Ctrl-C. Linux only.
//   node deploy/local/bench/cpu-by-process.mjs -- npm test
// Processes that live less than one interval are missed; the total is a lower bound.
// --timeline: also each 30 s window's CPU (share of all cores) and its top kinds: where a run waits.
//   node deploy/local/bench/cpu-by-process.mjs --timeline -- npm test
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';

const INTERVAL_MS = 3000;
const HZ = 100; // USER_HZ on Linux
const seen = new Map(); // pid -> { cmd, base, cpu }: base is what a process had used before the command started

const KINDS = [
  [/ferretdb/, 'FerretDB'],
  [/^postgres|\/postgres /, 'PostgreSQL'],
  [/nats-server/, 'NATS'],
  [/chrom.*--type=([\w-]+)(?:.*--utility-sub-type=([\w.]+))?/i, (m) => `Chromium ${m[2] ?? m[1]}`],
  [/chrom/i, 'Chromium browser'],
  // an instance a roll started runs from a copy of its artifact (`node --require <release>/tracing.js <release>/main.js`)
  [/run\/releases\/(\w+)-\d+\//, (m) => `service ${m[1]} (rolled)`],
  [/services\/(\w+)\/dist|dist-artifact\/(\w+)/, (m) => `service ${m[1] ?? m[2]}`],
  // A jest worker's folder says whose suites it runs (deploy/e2e's lanes share one folder).
  [/jest/, (m, cwd) => `jest ${cwd.match(/(?:services|libs|mfes|shells|deploy)\/([\w-]+)$/)?.[1] ?? ''}`.trim()],
  [/esbuild/, 'esbuild'],
  [/nginx/, 'nginx'],
  [/stripe/, 'stripe-mock'],
  [/^npm /, 'npm'],
  // other node processes by their script: the launcher, nx, rspack, test helpers
  [/node\S*\s+(?:--\S+\s+)*(\S+)/, (m) => `node ${m[1].split('/').slice(-2).join('/')}`],
  [/node/, 'other node'],
];
const kindOf = (cmd, cwd = '') => {
  for (const [re, name] of KINDS) {
    const m = re.exec(cmd);
    if (m) return typeof name === 'function' ? name(m, cwd) : name;
  }
  return cmd ? `other: ${cmd.slice(0, 40)}` : 'other (gone before read)';
};

const TIMELINE = process.argv.slice(2, process.argv.indexOf('--')).includes('--timeline');
const WINDOW_MS = 30_000;
const CORES = os.availableParallelism();
const began = Date.now();
/** CPU per kind at the end of each window (cumulative), for the timeline. */
const windows = [];

function totalsByKind() {
  const byKind = new Map();
  for (const { cmd, cwd, base, cpu } of seen.values()) {
    const kind = kindOf(cmd, cwd);
    byKind.set(kind, (byKind.get(kind) ?? 0) + cpu - base);
  }
  return byKind;
}

function cwdOf(pid) {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return '';
  }
}

function sample(before = false) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / HZ;
      const known = seen.get(pid);
      if (known) known.cpu = Math.max(known.cpu, cpu);
      else seen.set(pid, { cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(), cwd: cwdOf(pid), base: before ? cpu : 0, cpu });
    } catch {
      // gone meanwhile
    }
  }
}

function printTimeline() {
  let prev = new Map();
  const mmss = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
  console.log(`\nCPU per ${WINDOW_MS / 1000} s window (share of ${CORES} cores) and its top kinds:`);
  for (const { at, byKind } of windows) {
    const all = [...byKind].map(([k, c]) => [k, c - (prev.get(k) ?? 0)]);
    const used = all.reduce((a, [, c]) => a + c, 0);
    const delta = all.filter(([, c]) => c > 0.5).sort((a, b) => b[1] - a[1]);
    const share = Math.round((100 * used) / (CORES * WINDOW_MS / 1000));
    console.log(`  [${mmss(at)}] ${String(share).padStart(3)}%  ${delta.slice(0, 4).map(([k, c]) => `${k} ${c.toFixed(0)}`).join(', ')}`);
    prev = byKind;
  }
}

function report() {
  if (TIMELINE) printTimeline();
  const byKind = totalsByKind();
  const total = [...byKind.values()].reduce((a, b) => a + b, 0);
  console.log(`\nCPU by kind of process: ${total.toFixed(0)} s in all`);
  for (const [kind, cpu] of [...byKind].filter(([, c]) => c >= 0.05).sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`  ${cpu.toFixed(1).padStart(8)} s  ${((100 * cpu) / total).toFixed(1).padStart(5)}%  ${kind}`);
  }
}

const args = process.argv.slice(process.argv.indexOf('--') + 1);
if (process.argv.indexOf('--') < 0 || args.length === 0) {
  console.error('usage: node deploy/local/bench/cpu-by-process.mjs -- <command...>');
  process.exit(2);
}
sample(true);
let nextWindow = began + WINDOW_MS;
const timer = setInterval(() => {
  sample();
  if (TIMELINE && Date.now() >= nextWindow) {
    windows.push({ at: Date.now() - began, byKind: totalsByKind() });
    nextWindow += WINDOW_MS;
  }
}, INTERVAL_MS);
const child = spawn(args[0], args.slice(1), { stdio: 'inherit' });
process.on('SIGINT', () => child.kill('SIGINT'));
child.on('exit', (code) => {
  clearInterval(timer);
  sample();
  report();
  process.exit(code ?? 1);
});
