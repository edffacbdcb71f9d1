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
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
