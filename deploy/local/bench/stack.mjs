// What the server benchmarks share: the dev stack they measure (the running `npm start` with the same
// TURNBOOK_PORT_SHIFT, or one they start and stop), percentiles and the machine's load next to each figure.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { LOCAL_DIR } from '../paths.mjs';
import { loadProfile } from '../profile.mjs';
import { portsFor } from '../ports.mjs';

export const ports = portsFor('dev');
export const gateway = `http://127.0.0.1:${ports.gateway}`;
export const mongoUrl = `mongodb://127.0.0.1:${ports.mongo}/`;

export async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status < 500;
  } catch {
    return false;
  }
}

/** Starts `npm start` (without rebuilding the web) and resolves once it says it is running. */
// A bench reads from one address far past the product's public-read limit, so a stack it starts lifts it.
export function startStack(extraArgs = []) {
  console.log(`No stack answers on the gateway: starting one (node deploy/local/cli.mjs start --skip-web ${extraArgs.join(' ')})…`);
  const child = spawn(process.execPath, [path.join(LOCAL_DIR, 'cli.mjs'), 'start', '--skip-web', ...extraArgs], { stdio: ['ignore', 'pipe', 'inherit'], env: { PUBLIC_READS_PER_ADDRESS: '1000000', ...process.env, NO_COLOR: '1' } });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Turnbook is running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${stripVTControlCharacters(out).split('\n').slice(-15).join('\n')}`)));
  });
}

/** Uses the running stack or starts one; the returned stop() stops only a stack started here. */
export async function useStack(extraArgs = []) {
  if (await answers(`${gateway}/`)) return { started: false, stop: async () => {} };
  const child = await startStack(extraArgs);
  return {
    started: true,
    stop: async () => {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The nearest-rank percentile of an ascending list. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export const loadNow = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** One call through the gateway; a 4xx/5xx throws with the start of its answer. */
export async function send(method, url, { token, body } = {}) {
  const res = await fetch(`${gateway}/api/${url}`, {
    method,
    headers: { ...(body && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url} -> ${res.status} ${text.slice(0, 300)}`);
  // parseMs: the bench client's own JSON.parse, which a row may leave out of the call's time (a day is ~150 KB)
  const parsing = performance.now();
  const json = text ? JSON.parse(text) : undefined;
  return { res, json, parseMs: performance.now() - parsing };
}

/** Minutes since midnight as the API writes a time: '09:05 am'. */
export const time12 = (min) => {
  const h = Math.floor(min / 60) % 24;
  return `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(min % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
};

/** A bench's owner account, seeded through identity's internal call (kept if it exists), signed in. */
export async function benchOwner(owner) {
  const res = await fetch(`http://127.0.0.1:${ports.services.identity}/internal/seed/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-token': loadProfile('dev').secrets.internalToken },
    body: JSON.stringify({ users: [owner] }),
  });
  if (!res.ok) throw new Error(`seeding the bench owner -> ${res.status} ${await res.text()}`);
  const login = (await send('POST', 'login', { body: { email: owner.email, password: owner.password } })).json;
  return { token: login.access_token, ownerId: Number(login.user.id) };
}
