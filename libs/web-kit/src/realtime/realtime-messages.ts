import type { RealtimeClientMessage, RealtimeServerMessage } from '@turnbook/contracts';

/** Wire format of /realtime (libs/contracts realtime.ts has the channels and the messages; docs/realtime.md the protocol). */
export type ClientMessage = RealtimeClientMessage;
export type ServerMessage = RealtimeServerMessage;

export interface RealtimeEvent<D = unknown> {
  type: 'event';
  channel: string;
  subject: string;
  /** The event's place in the stream (JetStream's sequence); absent from a relay without catch-up. */
  seq?: number;
  data: D;
}

/**
 * The channel may have missed events the relay cannot replay (the socket was down too long, or had not
 * joined yet): read again everything the channel covers.
 */
export interface RealtimeResync {
  type: 'resync';
  channel: string;
}

export type RealtimeMessage<D = unknown> = RealtimeEvent<D> | RealtimeResync;

export const storeChannel = (storeId: string | number, name: string): string => `store:${storeId}:${name}`;
export const customerChannel = (phone: string): string => `customer:${phone}:online-request`;
export const VERSION_CHANNEL = 'version';
