import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signAccessToken, type KeySource, type TokenClaims } from '@turnbook/service-kit';
import { startTestService } from '@turnbook/test-kit';
import { createRealtimeService, type RealtimeOptions } from '../service';

/** A key pair of the test's own, so a test can also sign short-lived and expired tokens. */
export function testSigner(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keys: KeySource = { getKey: async (k) => (k === kid ? publicKey : undefined) };
  const sign = (claims: TokenClaims, ttlSeconds?: number) => signAccessToken(claims, { privateKey, kid }, ttlSeconds);
  return { keys, sign };
}

/**
 * The relay as it runs: the service on a fresh database (its memberships read model) and the given NATS,
 * verifying tokens with `keys`, and a real HTTP server with the WebSocket server attached through onServer.
 */
export async function startRelay(natsUrl: string, keys: KeySource, options: Omit<RealtimeOptions, 'keys'> = {}) {
  const svc = await startTestService(createRealtimeService({ keys, ...options }), { env: { NATS_URL: natsUrl }, keys });
  const server = http.createServer(svc.app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  svc.parts.onServer!(server);
  const base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    svc,
    server,
    /** ws://host:port; the relay's socket is at `${base}/realtime` (url). */
    base,
    url: `${base}/realtime`,
    async stop() {
      await svc.stop();
      await new Promise((done) => server.close(done));
    },
  };
}
export type TestRelay = Awaited<ReturnType<typeof startRelay>>;
