import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The launcher's nats-server (built from the Go module proxy): `npm test` and the test infrastructure name it
 * in TURNBOOK_NATS_SERVER; else one on PATH.
 */
export const natsServerBinary = () => process.env.TURNBOOK_NATS_SERVER || 'nats-server';

/**
 * A real nats-server with JetStream that a test can kill and restart on the same port and store. Its first
 * start binds a port the kernel picks (`-p -1`, read back from its ports file), so no other test's server can
 * be given the same one between picking and binding; a restart reuses it. It is ready only when the port
 * answers with its own server name: a port held by another server is an error, never a silent share of
 * another test file's server and stream (docs/testing.md, run DK).
 */
export class NatsProcess {
  private proc?: ChildProcess;
  private boundPort?: number;
  readonly storeDir = mkdtempSync(path.join(tmpdir(), 'tb-nats-'));
  readonly name = `tb-test-${randomBytes(6).toString('hex')}`;
  /** port: a fixed one; without it the first start takes one the kernel picks */
  constructor(port?: number) {
    this.boundPort = port;
  }

  get port(): number {
    if (this.boundPort === undefined) throw new Error('NatsProcess: the port is known once start() has resolved');
    return this.boundPort;
  }

  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 15_000) {
    const args = ['-a', '127.0.0.1', '-p', String(this.boundPort ?? -1), '-js', '-sd', this.storeDir, '--server_name', this.name, '--ports_file_dir', this.storeDir];
    const proc = spawn(natsServerBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.proc = proc;
    let stderr = '';
    proc.stderr?.on('data', (d) => { stderr = (stderr + d).slice(-2000); });
    // a binary that cannot start (not found), or a server that exits (its port taken), says so
    const failed = new Promise<never>((_, reject) => {
      proc.once('error', (err) => reject(new Error(`${natsServerBinary()} did not start: ${err.message}`)));
      proc.once('exit', (code, signal) => reject(new Error(`nats-server exited (${code ?? signal}) before it was ready:\n${stderr.trim().split('\n').slice(-3).join('\n')}`)));
    });
    failed.catch(() => undefined); // an exit after it was ready is the test's to see, not an unhandled one
    try {
      await Promise.race([this.ready(proc, Date.now() + timeoutMs), failed]);
    } catch (err) {
      proc.kill('SIGKILL');
      throw err;
    }
  }

  private async ready(proc: ChildProcess, until: number) {
    // the ports file is named for the pid, so a restart's is never a previous start's
    if (this.boundPort === undefined) this.boundPort = await portFromPortsFile(this.storeDir, proc.pid!, until);
    while (Date.now() < until) {
      if ((await serverNameAt(this.boundPort)) === this.name) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`nats-server ${this.name} did not answer on port ${this.boundPort}`);
  }

  async kill() {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  }
}

/** The client port nats-server wrote to `<dir>/nats-server_<pid>.ports` once it listened. */
async function portFromPortsFile(dir: string, pid: number, until: number): Promise<number> {
  const file = path.join(dir, `nats-server_${pid}.ports`);
  while (Date.now() < until) {
    try {
      const url = (JSON.parse(readFileSync(file, 'utf8')) as { nats: string[] }).nats[0];
      return Number(new URL(url).port);
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nats-server wrote no ports file in ${dir}`);
}

/** The server_name of the NATS server answering on the port (its INFO line), or undefined. */
function serverNameAt(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    let got = '';
    const socket = net.connect(port, '127.0.0.1');
    const done = (name?: string) => {
      socket.destroy();
      resolve(name);
    };
    socket.setTimeout(2000, () => done());
    socket.on('error', () => done());
    socket.on('data', (d) => {
      got += d;
      const line = got.split('\r\n')[0];
      if (got.includes('\r\n')) {
        try {
          done(line.startsWith('INFO ') ? (JSON.parse(line.slice(5)) as { server_name?: string }).server_name : undefined);
        } catch {
          done();
        }
      }
    });
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
