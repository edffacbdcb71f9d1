import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The launcher's nats-server (built from the Go module proxy): `npm test` and the test infrastructure name it
 * in TURNBOOK_NATS_SERVER; else one on PATH.
 */
export const natsServerBinary = () => process.env.TURNBOOK_NATS_SERVER || 'nats-server';

/** A real nats-server with JetStream that a test can kill and restart on the same port and store. */
export class NatsProcess {
  private proc?: ChildProcess;
  readonly storeDir = mkdtempSync(path.join(tmpdir(), 'tb-nats-'));
  constructor(readonly port: number) {}

  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start() {
    const proc = spawn(natsServerBinary(), ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], { stdio: 'ignore' });
    this.proc = proc;
    // a binary that cannot start (not found) says so, instead of a port that never opens
    const failed = new Promise<never>((_, reject) => proc.once('error', (err) => reject(new Error(`${natsServerBinary()} did not start: ${err.message}`))));
    failed.catch(() => undefined); // an error after the port opened is the test's to see, not an unhandled one
    await Promise.race([waitForPort(this.port), failed]);
  }

  async kill() {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), r(true))).on('error', () => r(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`port ${port} did not open`);
}
