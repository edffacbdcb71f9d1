import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { internalApi } from '../src/internal-client';
import { withRequestId } from '../src/request-context';

// A rolling deploy stops the instance on a service's own port and starts the new one there a few seconds
// later: an internal call in that gap must wait for it, not fail the request that made it.

const freePort = () => new Promise<number>((resolve) => {
  const s = http.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as AddressInfo; s.close(() => resolve(port)); });
});

describe('internalApi', () => {
  it('when the callee refuses connections and listens 600 ms later, then the call (a write) is answered once', async () => {
    const port = await freePort();
    let received = 0;
    const server = http.createServer((_req, res) => { received += 1; res.setHeader('content-type', 'application/json'); res.end('{"success":true}'); });
    setTimeout(() => server.listen(port, '127.0.0.1'), 600);
    try {
      const call = internalApi(`http://127.0.0.1:${port}`, 'token');
      await expect(call('DELETE internal/store-accounts/{storeId}', { params: { storeId: 7 } })).resolves.toEqual({ success: true });
      expect(received).toBe(1);
    } finally {
      server.close();
    }
  });

  it('when a request calls another service, then the call carries the request\'s id', async () => {
    let seen: string | undefined;
    const server = http.createServer((req, res) => { seen = req.headers['x-request-id'] as string; res.setHeader('content-type', 'application/json'); res.end('{"success":true}'); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const call = internalApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'token');
      await withRequestId('req-42', () => call('DELETE internal/store-accounts/{storeId}', { params: { storeId: 7 } }));
      expect(seen).toBe('req-42');
    } finally {
      server.close();
    }
  });

  it('when the callee keeps refusing past the retry time, then the call fails as unavailable', async () => {
    const port = await freePort();
    const call = internalApi(`http://127.0.0.1:${port}`, 'token', { refusedRetryMs: 500 });
    await expect(call('GET internal/mails/{mailId}', { params: { mailId: 'm1' } })).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('when the callee throttles the call, then the error keeps its code and says when to try again (Retry-After), for the caller to pass on', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'Retry-After': '120' });
      res.end('{"message":"Too many. Please try again in 2 minutes.","code":"rateLimited","retryAfter":120}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const call = internalApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'token');
      const err = await call('POST internal/customers/by-ids', { body: { ids: [1] } }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'rateLimited', status: 429, message: 'Too many. Please try again in 2 minutes.', headers: { 'Retry-After': '120' } });
    } finally {
      server.close();
    }
  });
});
