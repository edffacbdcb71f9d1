import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The stripe-mock the launcher installs (deploy/local/go-binaries.mjs), in the machine's cache. */
function stripeMockBinary(): string {
  const cache = process.env.TURNBOOK_CACHE_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'turnbook');
  const dir = path.join(cache, 'bin');
  const found = existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('stripe-mock-')).sort() : [];
  if (!found.length) throw new Error(`stripe-mock is not installed in ${dir}: run \`npm start\` once (it installs it)`);
  return path.join(dir, found[found.length - 1]);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => {
      s.end();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/**
 * stripe-mock for a test file: the stack's own when the launcher set STRIPE_API_PORT, else one started
 * here on free ports and stopped with the file.
 */
export async function startStripeMock(): Promise<{ host: string; port: number; stop: () => Promise<void> }> {
  const given = Number(process.env.STRIPE_API_PORT);
  if (given && (await answers(given))) return { host: process.env.STRIPE_API_HOST || '127.0.0.1', port: given, stop: async () => undefined };
  const port = await freePort();
  let https = await freePort();
  if (https === port) https = port + 1;
  const child: ChildProcess = spawn(stripeMockBinary(), ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${https}`], { stdio: 'ignore' });
  const until = Date.now() + 15_000;
  while (!(await answers(port))) {
    if (Date.now() > until || child.exitCode !== null) throw new Error('stripe-mock did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host: '127.0.0.1',
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
