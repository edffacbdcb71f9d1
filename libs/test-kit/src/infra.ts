import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** The database and message bus a test run uses. */
export interface Infra {
  mongoUrl: string;
  natsUrl: string;
  /** the PostgreSQL under a local FerretDB (services create their GIN indexes there); none for MongoDB */
  postgresUrl?: string;
  /** where they came from: the environment, Docker containers, or local FerretDB + nats-server */
  source: 'env' | 'docker' | 'local';
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');
export const LAUNCHER = path.join(REPO_ROOT, 'deploy/local/cli.mjs');
const READY_PREFIX = 'TURNBOOK_INFRA_READY ';
// The first run on a machine builds FerretDB (a minute or two); afterwards start-up takes about a second.
const LOCAL_START_TIMEOUT_MS = 5 * 60_000;

/**
 * Finds or starts the infrastructure for tests, in this order:
 * 1. MONGO_URL and NATS_URL from the environment (`npm test` sets them to its own test infra);
 * 2. a real MongoDB 7 and NATS 2.10 through testcontainers when a Docker engine answers;
 * 3. the local FerretDB + nats-server started by deploy/local (built/installed on first use).
 * Set TURNBOOK_TEST_INFRA=docker|local to skip the detection.
 */
export async function getInfra(env: NodeJS.ProcessEnv = process.env): Promise<Infra> {
  if (env.MONGO_URL && env.NATS_URL) {
    return { mongoUrl: env.MONGO_URL, natsUrl: env.NATS_URL, postgresUrl: env.FERRETDB_POSTGRESQL_URL, source: 'env', stop: async () => undefined };
  }
  const choice = env.TURNBOOK_TEST_INFRA;
  const started = choice === 'docker' || (choice !== 'local' && (await dockerAnswers(env)))
    ? await startContainers()
    : await startLocalInfra();
  // One of the two may still come from the environment (then its database is not the local FerretDB's).
  const postgresUrl = env.MONGO_URL ? undefined : started.postgresUrl;
  return { ...started, mongoUrl: env.MONGO_URL || started.mongoUrl, natsUrl: env.NATS_URL || started.natsUrl, postgresUrl };
}

/** True when a Docker engine answers GET /_ping on DOCKER_HOST or the default socket within a second. */
export async function dockerAnswers(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const host = env.DOCKER_HOST;
  let target: http.RequestOptions;
  if (host?.startsWith('tcp://') || host?.startsWith('http://')) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    target = { host: url.hostname, port: Number(url.port) || 2375 };
  } else {
    const socketPath = host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock';
    if (!existsSync(socketPath)) return false;
    target = { socketPath };
  }
  return new Promise((resolve) => {
    const req = http.get({ ...target, path: '/_ping', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** MongoDB 7 (standalone) and NATS 2.10 with JetStream in containers. */
export async function startContainers(): Promise<Infra> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const mongo = await new GenericContainer('mongo:7')
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  const nats = await new GenericContainer('nats:2.10')
    .withCommand(['-js'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start()
    .catch(async (err: unknown) => {
      await mongo.stop();
      throw err;
    });
  return {
    mongoUrl: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    source: 'docker',
    async stop() {
      await Promise.all([mongo.stop(), nats.stop()]);
    },
  };
}

/**
 * Local FerretDB + nats-server on free ports, through `deploy/local/cli.mjs infra` (the same code
 * `npm start` uses). The launcher process holds our stdin pipe, so it stops even if jest is killed.
 */
export async function startLocalInfra(): Promise<Infra> {
  const child = spawn(process.execPath, [LAUNCHER, 'infra', '--free-ports', '--watch-stdin'], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const urls = await waitForReady<{ mongoUrl: string; natsUrl: string; postgresUrl?: string; natsServer?: string }>(child);
  // the same binary for the tests that run a nats-server of their own (NatsProcess); set before jest's workers start
  if (urls.natsServer) process.env.TURNBOOK_NATS_SERVER = urls.natsServer;
  // Let jest exit normally even if a teardown is missing: the closed pipe then stops the launcher.
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void })?.unref?.();
  return { ...urls, source: 'local', stop: () => stopChild(child) };
}

export function waitForReady<T = { mongoUrl: string; natsUrl: string; postgresUrl?: string }>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`local test infrastructure was not ready after ${LOCAL_START_TIMEOUT_MS / 1000}s:\n${stdout}${stderr}`));
    }, LOCAL_START_TIMEOUT_MS);
    child.stderr?.on('data', (d) => { stderr += d; });
    child.stdout?.on('data', (d) => {
      stdout += d;
      const line = stdout.split('\n').find((l) => l.startsWith(READY_PREFIX));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice(READY_PREFIX.length)));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local test infrastructure failed to start (exit ${code}):\n${stdout}${stderr}`));
    });
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.ref(); // keep this process alive until the launcher has stopped its children
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM'); // the launcher stops FerretDB and NATS, then exits
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
