import type { IncomingMessage, Server } from 'node:http';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { z } from 'zod';
import { MESSAGES, type EventData, type RealtimeServerMessage } from '@turnbook/contracts';
import { verifyToken, type Caller, type KeySource, type Logger, type Memberships, type RevokedSessions } from '@turnbook/service-kit';
import { authorizeChannel } from './authorize-channel';
import type { Hub } from './hub';
import type { EventFeed } from './nats-bridge';

export const REALTIME_PATH = '/realtime';
/** Close code for a missing-but-required, bad or expired token (4000-4999 are the application's). */
export const CLOSE_UNAUTHENTICATED = 4401;
/** Close code for a socket that said nothing (no `auth`, no subscription) in time. */
export const CLOSE_AUTH_TIMEOUT = 4408;
/** Close code when the caps on unauthenticated sockets are reached (per address or in all): try again later. */
export const CLOSE_TOO_MANY = 1013;

/** Caps on sockets that have not authenticated, and how long a new socket may stay silent. */
export interface AnonymousLimits {
  perAddress: number;
  total: number;
  /** A socket must send its first message (`auth`, or a subscription to a public channel) within this. */
  firstMessageMs: number;
}
export const DEFAULT_ANONYMOUS_LIMITS: AnonymousLimits = { perAddress: 20, total: 2000, firstMessageMs: 10_000 };

export interface RelayOptions {
  keys: KeySource;
  /** Sessions ended by logout or a password/email change: their tokens no longer open a socket. */
  revoked?: RevokedSessions;
  memberships: Pick<Memberships, 'accessFor'>;
  hub: Hub<Client>;
  log: Logger;
  heartbeatMs?: number;
  /** Largest incoming frame; ws closes the socket with 1009 beyond it. */
  maxPayload?: number;
  /** The client's address (the gateway's X-Forwarded-For when it comes through the gateway). */
  clientAddress: (req: IncomingMessage) => string;
  anonymous?: Partial<AnonymousLimits>;
}

/** Where the sockets are in the event stream, and what a reconnecting socket missed (nats-bridge). */
export type FeedPosition = Pick<EventFeed, 'position' | 'replay'>;

/** One browser connection. */
export interface Client {
  ws: WebSocket;
  caller?: Caller;
  address: string;
  /** Counted under the unauthenticated caps until it authenticates. */
  anonymous: boolean;
  /** Nothing received yet: the first message may be `auth`. */
  fresh: boolean;
  firstMessageTimer?: NodeJS.Timeout;
  alive: boolean;
  /** Messages are handled one at a time, in order, after the token is checked. */
  queue: Promise<void>;
  pending: number;
  expiry?: NodeJS.Timeout;
  /** Replays under way: live frames wait in `held` meanwhile, so the socket gets every channel in stream order. */
  replaying: number;
  held: string[];
}

const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), channel: z.string().min(1).max(200), after: z.number().int().min(0).optional() }),
  z.object({ type: z.literal('unsubscribe'), channel: z.string().min(1).max(200) }),
]);

type ServerMessage = Exclude<RealtimeServerMessage, { type: 'event' }>;

const MAX_PENDING_MESSAGES = 100;
/** A browser that reads slower than we write is dropped; it refetches when it reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * The WebSocket side of the relay at `/realtime`. A signed-in page sends `{type:'auth', token}` as its
 * first message (answered `authenticated`); never in the URL, which proxies and logs keep, and never in
 * a cookie, so a foreign page cannot ride a browser's session. Then JSON `{type:'subscribe'|'unsubscribe',
 * channel}` in; `subscribed`, `event` and `error` out. Sockets without a token (the public pages' version
 * channel) are capped per address and in all, and every socket must speak within `firstMessageMs`.
 */
export class Relay {
  private wss?: WebSocketServer;
  private heartbeat?: NodeJS.Timeout;
  private readonly clients = new Set<Client>();
  private readonly anonymousByAddress = new Map<string, number>();
  private anonymousTotal = 0;
  private readonly limits: AnonymousLimits;
  private feed?: FeedPosition;

  constructor(private readonly opts: RelayOptions) {
    this.limits = { ...DEFAULT_ANONYMOUS_LIMITS, ...opts.anonymous };
  }

  attach(server: Server): void {
    const wss = new WebSocketServer({ server, path: REALTIME_PATH, maxPayload: this.opts.maxPayload ?? 4 * 1024 });
    wss.on('connection', (ws, req) => this.onConnection(ws, req));
    wss.on('error', (err) => this.opts.log.error({ err: String(err) }, 'websocket server error'));
    this.wss = wss;
    // Ping every interval; a socket that did not answer the previous ping is dead (e.g. a sleeping laptop).
    this.heartbeat = setInterval(() => {
      for (const c of this.clients) {
        if (!c.alive) {
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
    }, this.opts.heartbeatMs ?? 30_000);
    this.heartbeat.unref();
  }

  /** The stream position and replays; without it sockets get live events only (no seq in `subscribed`). */
  useFeed(feed: FeedPosition): void {
    this.feed = feed;
  }

  /** Sends a serialised event frame to every socket on the channel. */
  deliver(channel: string, frame: string): void {
    for (const c of this.opts.hub.subscribers(channel)) {
      if (c.replaying) c.held.push(frame);
      else this.sendRaw(c, frame);
    }
  }

  /** Re-checks the store channels of a store whose members changed, and drops the ones no longer allowed. */
  async membershipChanged(snapshot: EventData<'store.membership_changed'>): Promise<void> {
    const { hub } = this.opts;
    for (const channel of hub.channelsStartingWith(`store:${snapshot.storeId}:`)) {
      for (const c of [...hub.subscribers(channel)]) {
        const decision = await authorizeChannel(channel, c.caller, this.opts.memberships);
        if (decision.ok) continue;
        hub.remove(c, channel);
        this.send(c, { type: 'error', message: decision.message, channel });
      }
    }
  }

  get connections(): number {
    return this.clients.size;
  }

  get anonymousConnections(): number {
    return this.anonymousTotal;
  }

  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const c of this.clients) c.ws.close(1001, 'Server shutting down');
    await new Promise<void>((resolve) => (this.wss ? this.wss.close(() => resolve()) : resolve()));
  }

  private onConnection(ws: WebSocket, req: IncomingMessage): void {
    const address = this.opts.clientAddress(req);
    if (new URL(req.url ?? '/', 'http://relay').searchParams.has('token')) {
      // An old client's token in the URL: refused outright, so no one keeps sending it where logs see it.
      ws.send(JSON.stringify({ type: 'error', message: 'Send the token as the first message, not in the URL' } satisfies ServerMessage));
      ws.close(CLOSE_UNAUTHENTICATED, 'Token in URL');
      return;
    }
    if ((this.anonymousByAddress.get(address) ?? 0) >= this.limits.perAddress || this.anonymousTotal >= this.limits.total) {
      ws.close(CLOSE_TOO_MANY, 'Too many connections');
      return;
    }
    const client: Client = { ws, address, anonymous: false, fresh: true, alive: true, queue: Promise.resolve(), pending: 0, replaying: 0, held: [] };
    this.countAnonymous(client, true);
    client.firstMessageTimer = setTimeout(() => {
      if (client.fresh) client.ws.close(CLOSE_AUTH_TIMEOUT, 'Nothing sent in time');
    }, this.limits.firstMessageMs).unref();
    this.clients.add(client);
    ws.on('pong', () => void (client.alive = true));
    ws.on('error', (err) => this.opts.log.debug({ err: String(err) }, 'websocket error'));
    ws.on('close', () => {
      this.clients.delete(client);
      this.countAnonymous(client, false);
      this.opts.hub.removeAll(client);
      if (client.expiry) clearTimeout(client.expiry);
      if (client.firstMessageTimer) clearTimeout(client.firstMessageTimer);
    });
    ws.on('message', (raw, isBinary) => {
      if (++client.pending > MAX_PENDING_MESSAGES) {
        ws.close(1008, 'Too many messages');
        return;
      }
      client.queue = client.queue
        .then(() => (ws.readyState === WebSocket.OPEN ? this.onMessage(client, raw, isBinary) : undefined))
        .catch((err) => {
          this.opts.log.error({ err: String(err) }, 'realtime message failed');
          this.send(client, { type: 'error', message: 'Something went wrong' });
        })
        .finally(() => void client.pending--);
    });
  }

  /** Keeps the unauthenticated counts (per address and in all) in step with each socket's state. */
  private countAnonymous(client: Client, anonymous: boolean): void {
    if (client.anonymous === anonymous) return;
    client.anonymous = anonymous;
    const delta = anonymous ? 1 : -1;
    this.anonymousTotal += delta;
    const n = (this.anonymousByAddress.get(client.address) ?? 0) + delta;
    if (n > 0) this.anonymousByAddress.set(client.address, n);
    else this.anonymousByAddress.delete(client.address);
  }

  private async authenticate(client: Client, token: string): Promise<void> {
    try {
      client.caller = await verifyToken(token, this.opts.keys, this.opts.revoked);
    } catch (err) {
      this.rejectToken(client, (err as Error).message || 'Invalid token');
      return;
    }
    if (client.ws.readyState !== WebSocket.OPEN) return;
    this.countAnonymous(client, false);
    this.send(client, { type: 'authenticated' });
    // An expired session must not keep receiving store events: close when the token runs out.
    const ms = tokenExpiresAt(token) - Date.now();
    if (ms > 0 && ms < 2 ** 31 - 1) client.expiry = setTimeout(() => this.rejectToken(client, MESSAGES.sessionExpired), ms).unref();
  }

  private rejectToken(client: Client, message: string): void {
    this.opts.hub.removeAll(client);
    this.send(client, { type: 'error', message });
    client.ws.close(CLOSE_UNAUTHENTICATED, message);
  }

  private async onMessage(client: Client, raw: RawData, isBinary: boolean): Promise<void> {
    const first = client.fresh;
    client.fresh = false;
    const parsed = isBinary ? undefined : ClientMessage.safeParse(parseJson(raw.toString()));
    if (!parsed?.success) {
      return this.send(client, { type: 'error', message: 'Expected JSON {"type":"auth","token":"..."} or {"type":"subscribe"|"unsubscribe","channel":"..."}' });
    }
    if (parsed.data.type === 'auth') {
      if (!first) return this.send(client, { type: 'error', message: 'auth must be the first message' });
      return this.authenticate(client, parsed.data.token);
    }
    const { channel } = parsed.data;
    const { hub } = this.opts;
    if (parsed.data.type === 'unsubscribe') {
      hub.remove(client, channel);
      return;
    }
    const { after } = parsed.data;
    if (hub.has(client, channel)) return this.send(client, { type: 'subscribed', channel });
    if (hub.channelsOf(client).length >= hub.maxPerSubscriber) {
      return this.send(client, { type: 'error', message: `Too many subscriptions (at most ${hub.maxPerSubscriber})`, channel });
    }
    const decision = await authorizeChannel(channel, client.caller, this.opts.memberships);
    if (!decision.ok) return this.send(client, { type: 'error', message: decision.message, channel });
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (hub.add(client, channel) === 'limit') {
      return this.send(client, { type: 'error', message: `Too many subscriptions (at most ${hub.maxPerSubscriber})`, channel });
    }
    if (!this.feed) return this.send(client, { type: 'subscribed', channel });
    // Read in the same turn as the add: every live event after `seq` reaches the socket, everything up to it
    // comes from the replay, so nothing falls between the two and nothing comes twice.
    const seq = this.feed.position();
    if (after === undefined) return this.send(client, { type: 'subscribed', channel, seq });
    await this.replay(client, channel, after, seq);
  }

  /** Sends what the socket missed on a channel after `after`, then the answer, then the live events held meanwhile. */
  private async replay(client: Client, channel: string, after: number, seq: number): Promise<void> {
    client.replaying++;
    try {
      const replay = await this.feed!.replay(channel, after, seq);
      if ('resync' in replay) return this.send(client, { type: 'subscribed', channel, seq, resync: true });
      for (const frame of replay.frames) this.sendRaw(client, frame);
      this.send(client, { type: 'subscribed', channel, seq, replayed: replay.frames.length });
    } finally {
      if (--client.replaying === 0) for (const frame of client.held.splice(0)) this.sendRaw(client, frame);
    }
  }

  private send(client: Client, msg: ServerMessage): void {
    this.sendRaw(client, JSON.stringify(msg));
  }

  private sendRaw(client: Client, frame: string): void {
    if (client.ws.readyState !== WebSocket.OPEN) return;
    if (client.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.ws.terminate();
      return;
    }
    client.ws.send(frame);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `exp` of a token verifyToken already accepted (ms since epoch; Infinity if absent). */
function tokenExpiresAt(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity;
  } catch {
    return Infinity;
  }
}
