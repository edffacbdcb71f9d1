import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchLikeABrowser, resends } from '../src/resend';

// What the system tests' clients do when the gateway's reload closes their kept-alive connection under a
// request (rolling-deploy.test.ts): resend once if the request is safe to repeat, as a browser does.

/** A server that drops the connection of its first `drops` requests without answering, then answers 200. */
async function droppingServer(drops: number) {
  let seen = 0;
  const server = http.createServer((req, res) => {
    seen += 1;
    if (seen <= drops) return void req.socket.destroy();
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen: () => seen, close: () => new Promise((r) => server.close(r)) };
}

describe('resending like a browser', () => {
  it('when a connection is closed unanswered under a request safe to repeat, then it is sent once more, answered and counted by its code', async () => {
    const s = await droppingServer(1);
    const before = resends.count;
    try {
      const res = await fetchLikeABrowser(s.url, { method: 'POST', body: '{}' }, true);
      expect({ status: res.status, body: await res.text(), seen: s.seen(), resent: resends.count - before }).toEqual({ status: 200, body: 'ok', seen: 2, resent: 1 });
      expect(Object.keys(resends.codes)).toContainEqual(expect.stringMatching(/UND_ERR_SOCKET|ECONNRESET|EPIPE/));
    } finally {
      await s.close();
    }
  });

  it('when the request is not safe to repeat, or the second try is dropped too, then it fails and is sent no more', async () => {
    const once = await droppingServer(1);
    const twice = await droppingServer(2);
    try {
      await expect(fetchLikeABrowser(once.url, { method: 'POST', body: '{}' }, false)).rejects.toThrow('fetch failed');
      expect(once.seen()).toBe(1);
      await expect(fetchLikeABrowser(twice.url, { method: 'GET' }, true)).rejects.toThrow('fetch failed');
      expect(twice.seen()).toBe(2);
    } finally {
      await Promise.all([once.close(), twice.close()]);
    }
  });
});
