import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@turnbook/test-kit';
import { instancesOf, stack } from './stack';

// The service artifacts of `npm run package` (deploy/local/package-service.mjs, dist-artifact/<service>/), run
// the way a deploy runs them: copied out of the repository and started with `node main.js` and only the
// environment variables the README lists, beside the stack's own instances on its NATS and database.

const REPO_ROOT = path.resolve(__dirname, '../../..');
export const ARTIFACT_ROOT = path.join(REPO_ROOT, 'dist-artifact');
export const SERVICES = ['identity', 'scheduling', 'customers', 'billing', 'messaging', 'realtime'] as const;
export type Service = (typeof SERVICES)[number];

/**
 * Packages every service whose artifact is missing or older than its last build (`npm test` builds first, so
 * a run packages once; a run by hand on an unchanged tree reuses the folders).
 */
export function ensurePackaged(): void {
  const stale = SERVICES.filter((s) => {
    const version = path.join(ARTIFACT_ROOT, s, 'version.json');
    const built = path.join(REPO_ROOT, 'services', s, 'dist', 'main.js');
    return !existsSync(version) || (existsSync(built) && statSync(built).mtimeMs > statSync(version).mtimeMs);
  });
  for (const s of stale) {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'deploy/local/package-service.mjs')], { cwd: path.join(REPO_ROOT, 'services', s), stdio: 'inherit' });
  }
}

export interface Running {
  service: Service;
  dir: string;
  url: string;
  version: { name: string; version: string; commit: string };
  output: () => string;
  stop: () => Promise<void>;
}

/** A copy of the artifact in a fresh temp folder outside the repository. */
function copyOut(service: Service): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `turnbook-artifact-${service}-`));
  cpSync(path.join(ARTIFACT_ROOT, service), dir, { recursive: true });
  return dir;
}

/** A copy of the artifact (copyOut) started on a free port. */
export async function startCopied(service: Service, env: Record<string, string>): Promise<Running> {
  const dir = copyOut(service);
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'main.js'], {
    cwd: dir,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, // nothing inherited: only what the README lists
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => { output += String(d); });
  child.stderr!.on('data', (d) => { output += String(d); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    service,
    dir,
    url: `http://127.0.0.1:${port}`,
    version: JSON.parse(readFileSync(path.join(dir, 'version.json'), 'utf8')),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The README's variables ("Pointing it at real systems") for an instance that joins the running stack: its
 * NATS and database, the other services' addresses, its internal token, mail and Stripe.
 */
export function artifactEnv(): Record<string, string> {
  const { infra } = stack();
  const urlOf = (s: Service) => instancesOf(s)[0].url;
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'production',
    MONGO_URL: infra?.mongoUrl ?? process.env.MONGO_URL,
    NATS_URL: infra?.natsUrl ?? process.env.NATS_URL,
    INTERNAL_TOKEN: process.env.INTERNAL_TOKEN,
    PUBLIC_URL: process.env.GATEWAY_URL,
    SMTP_URL: process.env.SMTP_URL,
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY,
    STRIPE_API_HOST: process.env.STRIPE_API_HOST,
    STRIPE_API_PORT: process.env.STRIPE_API_PORT,
    STRIPE_API_PROTOCOL: process.env.STRIPE_API_PROTOCOL,
    ...Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, urlOf(s)])),
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
