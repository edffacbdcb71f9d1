/// <reference path="./proxy-addr.d.ts" />
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The client's address as Express's `trust proxy` would give it, for code that sees a bare request (the
 * realtime relay's WebSocket upgrade): the peer itself, or the X-Forwarded-For the trusted gateway set.
 */
export function clientAddressOf(trustedProxies: string): (req: IncomingMessage) => string {
  const trust = proxyaddr.compile(trustedProxies.split(',').map((s) => s.trim()).filter(Boolean));
  return (req) => proxyaddr(req, trust);
}
