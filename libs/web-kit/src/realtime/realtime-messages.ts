/** Wire format of /realtime (see libs/contracts/src/realtime.ts for the channels). */
export type ClientMessage =
  | { type: 'auth'; token: string }
  | { type: 'subscribe'; channel: string }
  | { type: 'unsubscribe'; channel: string };

export interface RealtimeEvent<D = unknown> {
  type: 'event';
  channel: string;
  subject: string;
  data: D;
}

export type ServerMessage =
  | RealtimeEvent
  | { type: 'authenticated' }
  | { type: 'subscribed'; channel: string }
  | { type: 'error'; message: string };

export const storeChannel = (storeId: string | number, name: string): string => `store:${storeId}:${name}`;
export const customerChannel = (phone: string): string => `customer:${phone}:online-request`;
export const VERSION_CHANNEL = 'version';
