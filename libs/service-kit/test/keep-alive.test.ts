import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { listen } from '../src/app';

/** Two GETs on one kept-alive socket, `idleMs` apart: answers each status and whether the socket was reused. */
async function twoCallsOneSocket(port: number, idleMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path: '/', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end();
    });
  const first = await get();
  await new Promise((r) => setTimeout(r, idleMs));
  const second = await get();
  agent.destroy();
  return [first, second];
}

describe("a service's HTTP server and its clients' idle connections", () => {
  it('when a client sends on a connection idle for longer than node\'s default 5 s (and its grace second), then the server has kept it open and answers', async () => {
    const app = express().get('/', (_req, res) => void res.send('ok'));
    const server = listen(app, 0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const [first, second] = await twoCallsOneSocket((server.address() as AddressInfo).port, 7_000);
      expect(first.status).toBe(200);
      expect(second).toEqual({ status: 200, reused: true });
    } finally {
      server.close();
      server.closeAllConnections();
    }
  }, 20_000);
});
