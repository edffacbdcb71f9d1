import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// What the launcher started and where (deploy/local writes <run>/stack.json and keeps <run>/pids.json
// current), for system tests that address single instances or kill them.

export interface Instance {
  name: string;
  port: number;
  url: string;
}
/** A node of the NATS cluster (`npm start -- --nats-cluster 3`): its supervisor name (pids.json) and URLs. */
export interface NatsNode {
  name: string;
  url: string;
  monitorUrl: string;
}
interface StackFile {
  gatewayUrl: string;
  runDir: string;
  services: Record<string, Instance[]>;
  /** where NATS and the database are (stacks started before it was written lack it) */
  infra?: { natsUrl?: string; mongoUrl?: string; natsNodes?: NatsNode[] };
}

const STACK_FILE = process.env.TURNBOOK_STACK_FILE ?? path.resolve(__dirname, '../../../.data/dev/run/stack.json');
/** The launcher's test runner ignores the crash of a pid listed here (deploy/local/commands/test.mjs). */
const DELIBERATE_KILLS_FILE = 'deliberate-kills.jsonl';

export function stack(): StackFile {
  if (!existsSync(STACK_FILE)) throw new Error(`no ${STACK_FILE}: start the stack with npm start / npm test (or set TURNBOOK_STACK_FILE)`);
  return JSON.parse(readFileSync(STACK_FILE, 'utf8')) as StackFile;
}

export function instancesOf(service: string): Instance[] {
  const list = stack().services[service];
  if (!list?.length) throw new Error(`${service} is not running (stack file ${STACK_FILE})`);
  return list;
}

/** The current pid of an instance (it changes when the launcher restarts it). */
export function pidOf(instanceName: string): number | undefined {
  const pids = JSON.parse(readFileSync(path.join(stack().runDir, 'pids.json'), 'utf8')) as Array<{ name: string; pid: number }>;
  return pids.find((p) => p.name === instanceName)?.pid;
}

/** SIGKILL, announced first to the test runner so it does not count the crash as a failure. */
export function killOnPurpose(instanceName: string): number {
  const pid = pidOf(instanceName);
  if (!pid) throw new Error(`no pid for ${instanceName}`);
  appendFileSync(path.join(stack().runDir, DELIBERATE_KILLS_FILE), `${JSON.stringify({ pid, name: instanceName, at: new Date().toISOString() })}\n`);
  process.kill(pid, 'SIGKILL');
  return pid;
}

/** A call straight to one instance, bypassing the gateway. */
export async function callInstance<T = any>(instance: Instance, method: string, p: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${instance.url}/api/${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
  return { status: res.status, body: parsed as T };
}

const REPO = path.resolve(__dirname, '../../..');

/**
 * `npm run deploy:roll -- <service>` against this stack's launcher (found by its run dir), with `args` after
 * the service (`--artifact <dir>`: roll to an artifact made elsewhere; `--no-package`: to the one
 * `packageArtifact` made); its exit code and output once done.
 */
export function deployRoll(service: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return runNode([path.join(REPO, 'deploy/local/deploy-roll.mjs'), service, '--run-dir', stack().runDir, ...args], REPO);
}

/** `npm run package -w @turnbook/<service>`: the artifact deploy:roll rolls to, made ahead as a build machine would. */
export function packageArtifact(service: string): Promise<{ code: number | null; output: string }> {
  return runNode([path.join(REPO, 'deploy/local/package-service.mjs')], path.join(REPO, 'services', service));
}

function runNode(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => { output += c; });
    child.stderr.setEncoding('utf8').on('data', (c: string) => { output += c; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
