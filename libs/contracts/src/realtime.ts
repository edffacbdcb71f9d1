/**
 * Browser channels of the realtime relay and which event subjects feed them.
 * store:<id>:<name> for members of the store, customer:<phone>:online-request for that customer,
 * version for everyone. `store:<id>:queue` is also the kiosk's, the only one it may join.
 */
export const STORE_CHANNELS = ['appointment', 'online-appointment', 'online-request', 'sheet', 'logs', 'queue', 'sms', 'billing'] as const;
/** What the store's kiosk may subscribe to: notices without names or phones. */
export const KIOSK_CHANNELS: readonly StoreChannel[] = ['queue'];
export type StoreChannel = (typeof STORE_CHANNELS)[number];

export type ChannelRef =
  | { kind: 'version' }
  | { kind: 'store'; storeId: number; name: StoreChannel }
  | { kind: 'customer'; phone: string; name: 'online-request' };

export function parseChannel(channel: string): ChannelRef | null {
  if (channel === 'version') return { kind: 'version' };
  // No leading zeros: the relay keys subscriptions by the channel string, which must match channelsFor's.
  let m = /^store:([1-9]\d{0,14}):([a-z-]+)$/.exec(channel);
  if (m && (STORE_CHANNELS as readonly string[]).includes(m[2])) {
    return { kind: 'store', storeId: Number(m[1]), name: m[2] as StoreChannel };
  }
  m = /^customer:(\d{10}):online-request$/.exec(channel);
  if (m) return { kind: 'customer', phone: m[1], name: 'online-request' };
  return null;
}

/** Which domain events each store channel carries (by the event's domain). */
const DOMAIN_TO_STORE_CHANNEL: Record<string, StoreChannel> = {
  appointment: 'appointment',
  'online-appointment': 'online-appointment',
  'online-request': 'online-request',
  sheet: 'sheet',
  turn: 'sheet',
  log: 'logs',
  /** a text arrived in the inbox: ids only, the inbox refetches */
  sms: 'sms',
  /** the store's package changed (billing.package_changed): the calendar's notice and /subscription refetch */
  billing: 'billing',
};

/** Events whose domain changes the waiting queue (sign-in sheets and the turns). */
const QUEUE_DOMAINS = new Set(['sheet', 'turn']);

/** A queue notice: only that the sheets or the turns of a store changed, never who. */
export interface QueueNotice {
  storeId: number;
  changed: 'sheet' | 'turn';
}

/**
 * What a channel's subscribers receive of an event: the payload itself, except on the queue channel,
 * which carries a notice that names no customer and no phone (the kiosk refetches what it may read), and
 * on the appointment channel, which carries no sale.
 */
export function payloadFor(channel: string, subject: string, data: unknown): unknown {
  // Every member listens to the appointment channel; the sale is not every member's to see (the screens refetch).
  if (channel.endsWith(':appointment') && data && typeof data === 'object' && 'sale' in data) {
    const { sale: _sale, ...rest } = data as Record<string, unknown>;
    return rest;
  }
  if (!channel.endsWith(':queue')) return data;
  const [, domain, store] = subject.split('.');
  return { storeId: Number(store), changed: domain === 'turn' ? 'turn' : 'sheet' } satisfies QueueNotice;
}

/**
 * Channels an event goes to, from its subject and payload. Online-request events also reach the
 * customer's own channel when the payload names a customerPhone.
 */
export function channelsFor(subject: string, data: unknown): string[] {
  const [, domain, store, type] = subject.split('.');
  if (domain === 'settings' && type === 'version_updated') return ['version'];
  const out: string[] = [];
  const channel = DOMAIN_TO_STORE_CHANNEL[domain];
  if (channel && store && /^\d+$/.test(store)) out.push(`store:${store}:${channel}`);
  if (QUEUE_DOMAINS.has(domain) && store && /^\d+$/.test(store)) out.push(`store:${store}:queue`);
  const phone = (data as { customerPhone?: string } | null)?.customerPhone;
  if (domain === 'online-request' && phone && /^\d{10}$/.test(phone)) out.push(`customer:${phone}:online-request`);
  return out;
}

/**
 * The subject filter of the stream messages that can feed a channel, for a replay (one filter: nats-server
 * 2.9 takes one per consumer). Messages it lets through are still checked with channelsFor.
 */
export function replayFilterOf(channel: string): string | null {
  const ref = parseChannel(channel);
  if (!ref) return null;
  if (ref.kind === 'version') return 'evt.settings.global.version_updated';
  if (ref.kind === 'store') return `evt.*.${ref.storeId}.>`;
  return 'evt.online-request.>';
}

/**
 * The relay's wire protocol (docs/realtime.md). `seq` is the JetStream stream sequence of the EVENTS
 * stream: one order shared by every relay instance, so a socket resumes on any of them.
 */
export type RealtimeClientMessage =
  | { type: 'auth'; token: string }
  /** `after`: the last seq this client had on the channel; the relay replays what came after it. */
  | { type: 'subscribe'; channel: string; after?: number }
  | { type: 'unsubscribe'; channel: string };

export type RealtimeServerMessage =
  | { type: 'authenticated' }
  /**
   * The channel is joined and the client is up to date to `seq`: `replayed` events after `after` were sent
   * before this answer, or `resync: true` when they cannot be (too many, or no longer kept): the client
   * reads again everything the channel covers.
   */
  | { type: 'subscribed'; channel: string; seq?: number; replayed?: number; resync?: true }
  | { type: 'event'; channel: string; subject: string; seq: number; data: unknown }
  | { type: 'error'; message: string; channel?: string };
