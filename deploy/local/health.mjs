// Readiness checks: TCP connect, HTTP 200, and port availability on loopback.
import net from 'node:net';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function tcpConnects(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    const done = (ok) => { socket.destroy(); resolve(ok); };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * `{ping: 1}` to the admin database as an OP_MSG, in a fixed message (the driver would be a client kept open
 * for a 60-byte question): true once any whole reply arrives within the timeout. A FerretDB stuck in its own
 * locks accepts the connection and answers `hello`, but never this.
 */
const PING_MESSAGE = (() => {
  const doc = Buffer.concat([
    Buffer.from([0x10]), Buffer.from('ping\0'), int32(1),
    Buffer.from([0x02]), Buffer.from('$db\0'), int32(6), Buffer.from('admin\0'),
    Buffer.from([0x00]),
  ]);
  const body = Buffer.concat([int32(0) /* flagBits */, Buffer.from([0]) /* section kind: body */, int32(doc.length + 4), doc]);
  // header: messageLength, requestID, responseTo, opCode 2013 (OP_MSG)
  return Buffer.concat([int32(16 + body.length), int32(1), int32(0), int32(2013), body]);
})();

function int32(n) {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
}

function mongoPings(port, timeoutMs = 3000, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let got = Buffer.alloc(0);
    const done = (ok) => { clearTimeout(timer); socket.destroy(); resolve(ok); };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => socket.write(PING_MESSAGE));
    socket.on('data', (chunk) => {
      got = Buffer.concat([got, chunk]);
      if (got.length >= 4 && got.length >= got.readInt32LE(0)) done(true);
    });
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

async function httpOk(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Polls `check` until it succeeds; gives up at the timeout or as soon as the process has exited.
 * @param {{ check: () => Promise<boolean>, timeoutMs?: number, exited?: () => boolean }} options
 * @returns {Promise<'ready' | 'timeout' | 'exited'>}
 */
export async function waitFor({ check, timeoutMs = 30000, exited = () => false }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) return 'exited';
    if (await check()) return 'ready';
    await sleep(150);
  }
  return 'timeout';
}

export const tcpCheck = (port) => () => tcpConnects(port);
/** The database answers a command (a hung server still accepts connections: see mongoPings). */
export const mongoPingCheck = (port, timeoutMs) => () => mongoPings(port, timeoutMs);
export const httpCheck = (url) => () => httpOk(url);

/** True when nothing listens on 127.0.0.1:port and we may bind it. */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port the kernel considers free right now (for throwaway test infra). */
export async function freePort() {
  return (await freePorts(1))[0];
}

/**
 * `count` different free ports. Each listener stays open until all are picked: the kernel may hand out a
 * port just closed again, and 13 ports picked one after the other held a duplicate in 1.3% of tries (CI
 * stop 57: two NATS nodes of a test cluster on one port, one could not listen).
 */
export async function freePorts(count) {
  const servers = [];
  try {
    for (let k = 0; k < count; k += 1) {
      const server = net.createServer();
      servers.push(server);
      await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(() => resolve()))));
  }
}
