import { clientAddressOf, RemoteJwks, type KeySource, type ServiceDefinition } from '@turnbook/service-kit';
import { realtimeEnv } from './config';
import { Hub } from './relay/hub';
import { bridgeEvents } from './relay/nats-bridge';
import { Relay, type AnonymousLimits, type Client } from './relay/ws-server';

export const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;

export interface RealtimeOptions {
  /** Token verification keys; identity's JWKS unless given (tests pass their own key pair). */
  keys?: KeySource;
  heartbeatMs?: number;
  /** Caps on unauthenticated sockets and the time a new socket may stay silent (defaults in ws-server). */
  anonymous?: Partial<AnonymousLimits>;
}

/**
 * The realtime relay: NATS events to browsers over WebSocket (/realtime). No /api routes; the socket
 * server is attached to the HTTP server once it listens (onServer).
 */
export function createRealtimeService(opts: RealtimeOptions = {}): ServiceDefinition<typeof realtimeEnv> {
  return {
    name: 'realtime',
    env: realtimeEnv,
    async build({ config, bus, memberships, log, revocations, metrics }) {
      const keys = opts.keys ?? new RemoteJwks(`${config.IDENTITY_URL}/api/.well-known/jwks.json`);
      const hub = new Hub<Client>(MAX_SUBSCRIPTIONS_PER_SOCKET);
      const relay = new Relay({
        keys, revoked: revocations, memberships, hub, log, heartbeatMs: opts.heartbeatMs, anonymous: opts.anonymous,
        clientAddress: clientAddressOf(config.TRUSTED_PROXIES),
      });
      const feed = await bridgeEvents(
        bus.connection,
        {
          deliver: (channel, frame) => relay.deliver(channel, frame),
          // Every instance re-checks its own sockets, so this comes from the core subscription (the durable
          // consumer reaches one instance only). The read model is updated first, as its consumer may not
          // have run yet; apply keeps the newest snapshot, so applying it twice changes nothing.
          membershipChanged: async (snapshot) => {
            await memberships.apply(snapshot);
            await relay.membershipChanged(snapshot);
          },
        },
        log,
      );
      relay.useFeed(feed);
      metrics.gauge('realtime_open_sockets', "Browsers' sockets open on this relay instance.", () => relay.connections);
      metrics.gauge('realtime_anonymous_sockets', 'Open sockets on this relay instance that have not authenticated (the public pages).', () => relay.anonymousConnections);
      return {
        handlers: {},
        keys,
        onServer: (server) => relay.attach(server),
        onStop: async () => {
          feed.stop();
          await relay.close();
        },
      };
    },
  };
}

export const realtimeService = createRealtimeService();
